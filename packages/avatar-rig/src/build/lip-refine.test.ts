import { describe, expect, it } from 'vitest';
import { LOWER_OUTER, refineInnerLips, UPPER_OUTER } from './lip-refine';
import { LOWER_INNER, MOUTH_CORNER_INNER, UPPER_INNER } from './landmarks';
import { cropOfCorpusPhoto } from '../test-support';
import { sampleAt } from './photo-sample';

const cropOf = async (id: string, options?: { grey?: boolean; exposure?: number }) => (await cropOfCorpusPhoto(id, options)).crop;

/** Luma of the crop's pixel under (x, y). */
const lumaAt = (crop: { rgba: Uint8Array | Buffer; size: number }, x: number, y: number) => sampleAt(crop.rgba, crop.size, x, y).y;

async function lipsOf(id: string) {
  const crop = await cropOf(id);
  return refineInnerLips(crop.mesh, crop.rgba, crop.size);
}

describe('the photo\'s own teeth', () => {
  it('are found in a warm video frame where yellowish teeth are as bright and saturated as the lips', async () => {
    // Left unfound, the upper teeth went down with the jaw and painted teeth showed above them.
    expect((await lipsOf('clm-franck-04117')).teethVisible).toBe(true);
    expect((await lipsOf('opencv-227943776-1')).teethVisible).toBe(true);
  });

  it('are found when yellow teeth are brighter than the lips but nearly as saturated, and between red lips', async () => {
    // clm-franck-03979 showed its own yellow upper row at rest, yet got a painted white row above it
    // while its own teeth went down with the jaw.
    expect((await lipsOf('clm-franck-03979')).teethVisible).toBe(true);
    expect((await lipsOf('softui-brooke')).teethVisible).toBe(true);
  });

  it('are found in the shade of a dark upper lip, darker than a pale lower lip', async () => {
    // argon-marie's incisors (luma 86-106) are darker than her lower lip (126-158): unfound, painted
    // teeth opened above them while they went down with the jaw, two rows of upper teeth.
    expect((await lipsOf('argon-marie')).teethVisible).toBe(true);
  });

  it('are found in a black-and-white photo, where lips and teeth differ only in brightness', async () => {
    // Turned grey, these smiles showed no teeth to the colour tests: their own upper teeth went down
    // with the jaw under a painted row, two rows of upper teeth.
    for (const id of ['skimage-astronaut', 'clm-franck-04117', 'softui-kal-visuals']) {
      const crop = await cropOf(id, { grey: true });
      expect({ id, teeth: refineInnerLips(crop.mesh, crop.rgba, crop.size).teethVisible }).toEqual({ id, teeth: true });
    }
  });

  it('are not read into a black-and-white photo\'s closed mouth, whose lit lips are as bright as teeth', async () => {
    expect((await lipsOf('md-drake')).teethVisible).toBe(false);
    const crop = await cropOf('md-team-3', { grey: true });
    expect(refineInnerLips(crop.mesh, crop.rgba, crop.size).teethVisible).toBe(false);
  });

  it('are found in a warm, soft photo whose teeth take on the lips\' saturation', async () => {
    // tabler-male-12 enlarged 4x: no colour test found the teeth, the lips were taken to meet on the
    // shadow under the lower lip, and the teeth, inside the upper lip, still showed at m, b and p.
    const lips = await lipsOf('tabler-male-12-4x');
    expect(lips.teethVisible).toBe(true);
  });

  it('are not read into a closed mouth, a red lipstick\'s highlights, a wet lower lip\'s highlight or a moustache\'s shade', async () => {
    for (const id of ['md-team-3', 'clm-audrey', 'clm-audrey-rot+25', 'clm-bill-murray-snl-crop', 'mk-marc']) {
      expect({ id, teeth: (await lipsOf(id)).teethVisible }).toEqual({ id, teeth: false });
    }
  });
});

describe('a mouth without teeth in sight', () => {
  const gap = (mesh: ReadonlyArray<readonly number[]>, k: number) => {
    const u = mesh[UPPER_INNER[k]!]!, l = mesh[LOWER_INNER[k]!]!;
    return Math.hypot(l[0]! - u[0]!, l[1]! - u[1]!);
  };

  it('is not opened into the shade between closed lips, which would fold the upper lip away at m, b and p', async () => {
    // md-drake's closed mouth (Human: 3 px between the lips) was opened to 10 px, half of it the
    // shaded lower half of the upper lip; mk-marc's, with a near-black seam, to 3.3-5.1 px across
    // the middle of the mouth (Human: 2.3-2.4), the upper lip in its own shade taken for the dark.
    for (const id of ['md-drake', 'clm-cage', 'mk-avatar', 'clm-franck-01829', 'mk-marc']) {
      const crop = await cropOf(id);
      const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
      for (const k of [2, 3, 4]) expect({ id, k, gap: gap(lips.mesh, k) <= gap(crop.mesh, k) + 1 }).toEqual({ id, k, gap: true });
    }
  });

  it('still opens onto its own deep dark beyond Human\'s line', async () => {
    const crop = await cropOf('argonfree-team-1');
    const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
    expect(gap(lips.mesh, 4)).toBeGreaterThan(1.5 * gap(crop.mesh, 4));
  });

  it('keeps Human\'s opening where a small mouth in the shade shows neither bright teeth nor dark', async () => {
    // mk-card-profile2-square: its teeth (luma 64-77) are as dim and as red as its lips, the lips met
    // on the dark line above them, and the teeth, taken for lower lip, still showed when the lips
    // closed for m, b and p. Human's lines hold them in the opening.
    const crop = await cropOf('mk-card-profile2-square');
    const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
    for (const k of [2, 3, 4, 5]) expect({ k, kept: gap(lips.mesh, k) >= 0.9 * gap(crop.mesh, k) }).toEqual({ k, kept: true });
  });

  it('is not opened into a flash-lit lower lip as pale as teeth', async () => {
    // clm-cage at 1.2 exposure: under the seam's dark and a band of lip, his lower lip reads about luma
    // 205, red share 0.25, as teeth do; the opening reached three quarters into it.
    const crop = await cropOf('clm-cage', { exposure: 1.2 });
    const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
    for (const k of [3, 4, 5]) expect({ k, gap: gap(lips.mesh, k) <= gap(crop.mesh, k) + 1 }).toEqual({ k, gap: true });
  });

  it('opens in a dim photo as it does at normal exposure', async () => {
    // At 0.35 exposure md-team-1's lips are at luma 35: no pixel was 25 darker, and her parted lips read as closed.
    const [normal, dim] = await Promise.all(['md-team-1', 'md-team-1-dark'].map(async (id) => {
      const crop = await cropOf(id);
      return gap(refineInnerLips(crop.mesh, crop.rgba, crop.size).mesh, 4) / gap(crop.mesh, 4);
    }));
    expect(dim!).toBeGreaterThan(0.75 * normal!);
  });
});

describe('a smile\'s opening', () => {
  it('is one piece: a column between open ones is not read closed where its teeth are in the shade', async () => {
    // tabler-female-32 enlarged 2x: a column left of the middle (teeth at luma 122-143, lips at 139
    // and 158) read closed, its teeth went down with the jaw as lower lip, and 'aa' opened a dark
    // hole up to the upper lip beside the other upper teeth.
    const crop = await cropOf('tabler-female-32-2x');
    const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
    const opening = (k: number) => {
      const u = lips.mesh[UPPER_INNER[k]!]!, l = lips.mesh[LOWER_INNER[k]!]!;
      return Math.hypot(l[0] - u[0], l[1] - u[1]);
    };
    for (const k of [1, 2, 3, 4, 5, 6, 7]) expect({ k, open: opening(k) > 0.5 * opening(4) }).toEqual({ k, open: true });
  });

  it('reaches its corners: a corner column beside an open one is not read closed on the dark under a side tooth', async () => {
    // clm-franck-04117: its image-left corner column, a shaded side tooth over a dark corner, read
    // closed at the darkest line, under the tooth; the upper inner lip came down through the tooth
    // to it, and the lips closing for speech left a dark wedge with a tooth in it at that corner.
    const crop = await cropOf('clm-franck-04117');
    const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
    const [humanUpper, humanLower, upper] = [crop.mesh[UPPER_INNER[0]]!, crop.mesh[LOWER_INNER[0]]!, lips.mesh[UPPER_INNER[0]]!];
    const humanOpening = Math.hypot(humanLower[0] - humanUpper[0], humanLower[1] - humanUpper[1]);
    expect(Math.hypot(upper[0] - humanUpper[0], upper[1] - humanUpper[1])).toBeLessThan(0.25 * humanOpening);
  });
});

describe('the split line', () => {
  it('lies under a smile\'s upper teeth, which then stay whole with the skull', async () => {
    // The opening begins with the shade under the upper lip; the teeth 25-45% down. The split fell
    // in the middle (0.50 of the opening), and half of each upper tooth went down with the jaw.
    // argon-marie: only the three columns through her two incisors show teeth; the six beside them
    // (dark) used to outvote them and put the split on the teeth's top. tabler-female-32 at 2x: a
    // washed-out upper lip's highlight read as a first short row of teeth, and the split fell through
    // the middle of the real row (0.46).
    for (const id of ['skimage-astronaut', 'clm-chuck-crop', 'argon-marie', 'tabler-female-32-2x']) {
      const lips = await lipsOf(id);
      const share = (k: number) => {
        const u = lips.mesh[UPPER_INNER[k]!]!, l = lips.mesh[LOWER_INNER[k]!]!, s = lips.split[k]!;
        return Math.hypot(s[0] - u[0], s[1] - u[1]) / Math.hypot(l[0] - u[0], l[1] - u[1]);
      };
      expect({ id, share: share(4) > 0.75 }).toEqual({ id, share: true });
    }
  });

  it('lies under the side teeth too, where a speck of light above their shade looks like a row of teeth', async () => {
    // clm-chuck-crop's image-left side teeth: one bright sample on the upper lip, shade, then the
    // teeth. Read as two rows, the split fell in the shade above the teeth (0.57 of the opening in
    // column 2 and 0.45 in column 1), and 'E' opened the cavity between the upper lip and those
    // teeth while they went down with the jaw.
    const lips = await lipsOf('clm-chuck-crop');
    const share = (k: number) => {
      const u = lips.mesh[UPPER_INNER[k]!]!, l = lips.mesh[LOWER_INNER[k]!]!, s = lips.split[k]!;
      return Math.hypot(s[0] - u[0], s[1] - u[1]) / Math.hypot(l[0] - u[0], l[1] - u[1]);
    };
    expect(share(2)).toBeGreaterThan(0.75);
  });

  it('follows a laugh\'s upper teeth\'s biting edge, so that opening the jaw neither cuts the teeth nor takes a strip of them down', async () => {
    // One share of the opening for every column cut across the curved edge: opening the jaw drew the
    // cavity as a black lens crossing the side teeth (softui-ivana, softui-charles) or took the
    // lower part of the upper teeth down with the jaw (clm-franck-04117, where the teeth fade into a
    // lit tongue on the image-left). softui-ivana at half exposure, whose lower lip's colour model
    // is read off the mouth's dark, found the edge in one column. Two pixels above the biting edge
    // are tooth, two below the dark.
    for (const [id, columns] of [['softui-ivana', [1, 2, 3, 4, 5, 6, 7]], ['softui-charles', [1, 2, 3, 4, 5, 6, 7]], ['clm-franck-04117', [3, 4, 5, 6, 7]], ['softui-ivana-dim', [3, 5]]] as const) {
      const crop = await cropOf(id);
      const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
      const luma = (x: number, y: number) => lumaAt(crop, x, y);
      for (const k of columns) {
        const u = lips.mesh[UPPER_INNER[k]!]!, l = lips.mesh[LOWER_INNER[k]!]!, s = lips.biteLine[k]!;
        const d = Math.hypot(l[0] - u[0], l[1] - u[1]);
        const [dx, dy] = [(2 * (l[0] - u[0])) / d, (2 * (l[1] - u[1])) / d];
        const toothOverDark = luma(s[0] - dx, s[1] - dy) - luma(s[0] + dx, s[1] + dy) > 35;
        expect({ id, k, toothOverDark }).toEqual({ id, k, toothOverDark: true });
      }
    }
  });

  it('finds the biting edge of a blurred or noisy laugh too: no strip of its upper teeth goes down with the jaw', async () => {
    // softui-charles blurred, or with noise: the teeth fade into the dark over several pixels
    // (161, 127, 90, 57, 57, then 32), or single pixels flicker. The edge went unfound in most
    // columns, one share of the opening cut across the curved teeth, and opening the jaw drew a
    // dark band through them with a strip of teeth below it. Two pixels under the split is the
    // mouth's dark (its teeth read 200 and more, the gradient into the dark 50-90).
    for (const [id, columns] of [['softui-charles-blur', [2, 3, 4, 5, 6]], ['softui-charles-noise', [1, 2, 3, 4, 5, 6]]] as const) {
      const crop = await cropOf(id);
      const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
      for (const k of columns) {
        const u = lips.mesh[UPPER_INNER[k]!]!, l = lips.mesh[LOWER_INNER[k]!]!, s = lips.split[k]!;
        const d = Math.hypot(l[0] - u[0], l[1] - u[1]);
        const [x, y] = [s[0] + (2 * (l[0] - u[0])) / d, s[1] + (2 * (l[1] - u[1])) / d];
        expect({ id, k, dark: lumaAt(crop, x, y) < 40 }).toEqual({ id, k, dark: true });
      }
    }
  });

  it('lies at the lower end of teeth that rest on the lower lip, leaving no strip of lip under them', async () => {
    // tabler-male-14-4x, a blurred smile: its teeth end higher in the columns left of the middle
    // than right of it. One share for every column put the split 7 samples into the lower lip in
    // column 3, and 'aa' opened the cavity under a strip of lip that stayed under the teeth.
    const crop = await cropOf('tabler-male-14-4x');
    const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
    const luma = ([x, y]: readonly number[]) => lumaAt(crop, x!, y!);
    for (const k of [2, 3, 4, 5]) {
      const u = lips.mesh[UPPER_INNER[k]!]!, l = lips.mesh[LOWER_INNER[k]!]!, s = lips.split[k]!;
      const along = Array.from({ length: 40 }, (_, i) => luma([u[0]! + ((l[0]! - u[0]!) * (i + 0.5)) / 40, u[1]! + ((l[1]! - u[1]!) * (i + 0.5)) / 40]));
      // The teeth: the first run of samples nearly as light as the column's lightest.
      const light = along.map((y) => y > 0.75 * Math.max(...along));
      const first = light.indexOf(true);
      let last = first;
      while (last + 1 < light.length && light[last + 1]) last++;
      const split = Math.hypot(s[0] - u[0]!, s[1] - u[1]!) / Math.hypot(l[0] - u[0]!, l[1] - u[1]!);
      expect({ k, underTheTeeth: split <= (last + 1) / 40 + 0.08 }).toEqual({ k, underTheTeeth: true });
    }
  });
});

describe('a laugh\'s split', () => {
  it('passes under the side teeth between two columns, which then stay whole with the skull', async () => {
    // Seen from a little below, a laugh's side teeth reach lower than its incisors: the straight cut
    // between two columns' biting edges ran through them (softui-charles: 7 points of it with a
    // tooth under it and the dark below that; softui-ivana turned 20 degrees: 13), their lower ends
    // went down with the jaw, and 'aa' opened a dark wing up across them. Every half pixel along
    // the cut between the columns: a tooth (luma over 110) 1.5 px under it, over the dark (under 40)
    // within 8 px, is a tooth the jaw takes.
    for (const id of ['softui-charles', 'softui-charles-blur', 'softui-ivana-rot+20', 'clm-franck-04117']) {
      const crop = await cropOf(id);
      const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
      const luma = (x: number, y: number) => lumaAt(crop, x, y);
      const u = lips.mesh[UPPER_INNER[4]!]!, l = lips.mesh[LOWER_INNER[4]!]!, d = Math.hypot(l[0] - u[0], l[1] - u[1]);
      const down = [(l[0] - u[0]) / d, (l[1] - u[1]) / d] as const;
      let teethCut = 0;
      for (let k = 0; k + 1 < lips.split.length; k++) {
        const a = lips.split[k]!, b = lips.split[k + 1]!, length = Math.hypot(b[0] - a[0], b[1] - a[1]);
        for (let s = 0.5; s < length; s += 0.5) {
          const under = (t: number) => luma(a[0] + ((b[0] - a[0]) * s) / length + down[0] * t, a[1] + ((b[1] - a[1]) * s) / length + down[1] * t);
          if (under(1.5) > 110 && [3, 4, 5, 6, 7, 8].some((t) => under(t) < 40)) teethCut++;
        }
      }
      expect({ id, teethCut: teethCut <= 5 }).toEqual({ id, teethCut: true });
    }
  });

  it('keeps a faded or dim laugh\'s side teeth with the skull, down to where they rest on the lower lip', async () => {
    // softui-ivana faded (dark at luma 84-103 over a black of 85): its dark read as dark in some
    // columns only, the split zigzagged between the teeth's edge and the dark, and the side teeth
    // under it went down with the jaw as a fang. At half exposure the side teeth near a corner rest
    // on the lower lip with no dark under them, and the split stayed on their top edge. Under each
    // split point (but the outermost, on the lower lip), nothing as bright as the teeth: darker than
    // midway from the darkest there to the brightest tooth just above the biting edge.
    for (const id of ['softui-ivana-faded', 'softui-ivana-dim']) {
      const crop = await cropOf(id);
      const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
      const luma = (p: readonly number[], dy: number) => sampleAt(crop.rgba, crop.size, p[0]!, p[1]! + dy).y;
      const under = lips.split.map((p) => luma(p, 1.5)).slice(1, -1);
      const teeth = Math.max(...lips.biteLine.map((p) => luma(p, -2)));
      const midway = (Math.min(...under) + teeth) / 2;
      expect({ id, teethUnderTheSplit: under.filter((y) => y > midway).length }).toEqual({ id, teethUnderTheSplit: 0 });
    }
  });
});

describe('the lower inner lip', () => {
  it('is put below the lower teeth of a laughing mouth, where Human puts it on them or the whole lip above them', async () => {
    // softui-ivana: Human's lower inner lip lies on the lower teeth's top edge, 5 px above the lip;
    // the lower teeth became part of the lip and showed as a white line between closed lips. Faded,
    // Human put her whole lower lip on the lower teeth, its outer contour on their lower edge; at
    // half exposure, the same, with the lower lip's rim in shade between the dark and the teeth.
    // Turned 20 degrees, her lower teeth end a sample short of Human's outer contour.
    for (const [id, exposure] of [['softui-ivana', 1], ['softui-ivana-faded', 1], ['softui-ivana', 0.5], ['softui-ivana-rot+20', 1]] as const) {
      const crop = await cropOf(id, { exposure });
      const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
      const pixel = ([x, y]: readonly number[]) => {
        const o = (Math.round(y! - 0.5) * crop.size + Math.round(x! - 0.5)) * 4;
        const [r, g, b] = [crop.rgba[o]!, crop.rgba[o + 1]!, crop.rgba[o + 2]!];
        return { luma: 0.299 * r + 0.587 * g + 0.114 * b, red: (r - g) / Math.max(1, r) };
      };
      // Down the column from the refined upper inner lip to one of Human's lip heights past its
      // outer contour, in the middle of the mouth: the last pale sample as light as the teeth is
      // the lower teeth's edge, and the refined lower inner lip lies below it.
      for (const k of [3, 4]) {
        const top = lips.mesh[UPPER_INNER[k]!]!, [inner, outer] = [crop.mesh[LOWER_INNER[k]!]!, crop.mesh[LOWER_OUTER[k]!]!];
        const end = [2 * outer[0]! - inner[0]!, 2 * outer[1]! - inner[1]!];
        const samples = Array.from({ length: 60 }, (_, i) => pixel([top[0]! + ((end[0]! - top[0]!) * (i + 0.5)) / 60, top[1]! + ((end[1]! - top[1]!) * (i + 0.5)) / 60]));
        const teeth = Math.max(...samples.map((p) => p.luma));
        const lastTooth = (samples.findLastIndex((p) => p.luma > 0.8 * teeth && p.red < 0.15) + 1) / 60;
        const [x, y] = lips.mesh[LOWER_INNER[k]!]!;
        const lowerLip = ((x - top[0]!) * (end[0]! - top[0]!) + (y - top[1]!) * (end[1]! - top[1]!)) / ((end[0]! - top[0]!) ** 2 + (end[1]! - top[1]!) ** 2);
        expect({ id, exposure, k, belowTeeth: lowerLip >= lastTooth }).toEqual({ id, exposure, k, belowTeeth: true });
      }
    }
  });

  it('keeps a lit lower lip close under a smile\'s upper teeth out of the opening', async () => {
    // argonfree-team-4 and clm-sean-guru2-crop: their glossy lower lips, lit right under the upper
    // teeth, passed the colour tests for lower teeth; the opening reached into them, 1.9 and 2.3
    // times Human's gap across the middle of the mouth (now 1.35 and 1.5).
    for (const id of ['argonfree-team-4', 'clm-sean-guru2-crop']) {
      const crop = await cropOf(id);
      const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
      const gap = (mesh: ReadonlyArray<readonly number[]>, k: number) => Math.hypot(mesh[LOWER_INNER[k]!]![0]! - mesh[UPPER_INNER[k]!]![0]!, mesh[LOWER_INNER[k]!]![1]! - mesh[UPPER_INNER[k]!]![1]!);
      const ratio = [3, 4, 5].reduce((sum, k) => sum + gap(lips.mesh, k) / gap(crop.mesh, k), 0) / 3;
      expect({ id, withinLip: ratio < 1.6 }).toEqual({ id, withinLip: true });
    }
  });

  it('ends at a laugh\'s pale lower lip where Human\'s line lies inside that lip', async () => {
    // softui-charles: Human put the lower inner lip 10-13 px into his pale lower lip, under the
    // mouth's dark; the opening took in the lip's upper half, and closed for m, b and p the lower lip
    // was a thin line over the goatee.
    const crop = await cropOf('softui-charles');
    const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
    const luma = ([x, y]: readonly number[]) => lumaAt(crop, x!, y!);
    for (const k of [3, 4, 5]) {
      // Pixel by pixel down from the upper inner lip to the lower one: how far the mouth's dark ends
      // above the lower inner lip.
      const top = lips.mesh[UPPER_INNER[k]!]!, bottom = lips.mesh[LOWER_INNER[k]!]!;
      const length = Math.hypot(bottom[0]! - top[0]!, bottom[1]! - top[1]!);
      const along = Array.from({ length: Math.ceil(length) }, (_, i) => luma([top[0]! + ((bottom[0]! - top[0]!) * i) / length, top[1]! + ((bottom[1]! - top[1]!) * i) / length]));
      // At most the photo's soft edge (5 px in this crop) lies between them: 10-13 px of lip did.
      const pastTheDark = length - along.findLastIndex((y) => y < 40);
      expect({ k, onTheLipsEdge: pastTheDark <= 6 }).toEqual({ k, onTheLipsEdge: true });
    }
  });

  it('is moved out of a laughing mouth\'s dark near the corners, onto the lip', async () => {
    // softui-ivana: near the image-left corner the mouth's dark filled two thirds of what Human
    // calls lower lip, and closing the lips drew it as a black wedge on the lower lip.
    const crop = await cropOf('softui-ivana');
    const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
    const luma = (x: number, y: number) => lumaAt(crop, x, y);
    for (const k of [0, 1]) {
      const [x, y] = lips.mesh[LOWER_INNER[k]!]!;
      expect({ k, dark: luma(x, y) < 45 }).toEqual({ k, dark: false });
    }
  });

  it('stays between the mouth\'s corners when it moves out of the dark at the corner columns', async () => {
    // md-team-1: the dark at each corner column runs sideways into the corner's shadow; the point
    // moved along it, past the corner onto the outer contour, and the opening drawn from the photo
    // held a wedge of lower lip that the jaw stretched into a red wall down each side of 'aa'.
    for (const id of ['md-team-1', 'softui-ivana']) {
      const crop = await cropOf(id);
      const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
      const [left, right] = MOUTH_CORNER_INNER.map((i) => lips.mesh[i]!);
      const axis = [right![0] - left![0], right![1] - left![1]], length = Math.hypot(axis[0]!, axis[1]!);
      // Across the mouth: 0 at the image-left corner, 1 at the image-right one.
      const across = (p: readonly number[]) => ((p[0]! - left![0]) * axis[0]! + (p[1]! - left![1]) * axis[1]!) / length ** 2;
      for (const k of [0, LOWER_INNER.length - 1]) {
        const at = across(lips.mesh[LOWER_INNER[k]!]!);
        expect({ id, k, between: at > 0 && at < 1 }).toEqual({ id, k, between: true });
      }
    }
  });
});

describe('the upper inner lip', () => {
  it('holds no side teeth in a laugh\'s upper lip where Human lays it on them beside a corner', async () => {
    // softui-ivana mirrored: beside the image-right corner Human's upper lip, both contours, lay on
    // her side teeth (red share 0.08-0.30 between them, her lips 0.72 and more), and the lips
    // closed for m, b and p drew those teeth as a white fang at the corner.
    const crop = await cropOf('softui-ivana-mirrored');
    const lips = refineInnerLips(crop.mesh, crop.rgba, crop.size);
    for (const k of [7, 8]) {
      const inner = lips.mesh[UPPER_INNER[k]!]!, outer = lips.mesh[UPPER_OUTER[k]!]!;
      for (const t of [0.25, 0.5]) {
        const { red } = sampleAt(crop.rgba, crop.size, inner[0] + (outer[0] - inner[0]) * t, inner[1] + (outer[1] - inner[1]) * t);
        expect({ k, t, lip: red > 0.45 }).toEqual({ k, t, lip: true });
      }
    }
  });
});
