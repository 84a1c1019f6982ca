import { LOWER_INNER, LOWER_LIP, MOUTH_CORNER_INNER, MOUTH_CORNER_OUTER, UPPER_INNER, UPPER_LIP } from './landmarks';
import type { Vec3 } from './face-frame';
import { lerp3, median, median3, sampleAt, type PhotoSample } from './photo-sample';
import { lowerSplitUnderTeeth } from './split-under-teeth';
import { blackLevel, fadedBlack, luma } from './black-level';
import type { Rgb } from './mouth-interior-texture';

/** Outer lip contours between the corners, column by column with UPPER_INNER / LOWER_INNER. */
export const UPPER_OUTER = [185, 40, 39, 37, 0, 267, 269, 270, 409] as const;
export const LOWER_OUTER = [146, 91, 181, 84, 17, 314, 405, 321, 375] as const;
/** The two lip rings between outer and inner contour, per column (see UPPER_LIP / LOWER_LIP). */
export const UPPER_RINGS = [UPPER_LIP.slice(12, 21), UPPER_LIP.slice(23, 32)];
export const LOWER_RINGS = [LOWER_LIP.slice(9, 18), LOWER_LIP.slice(18, 27)];

export interface LipRefinement {
  /** The mesh with inner lips (and the rings between) moved onto the opening the photo shows. */
  mesh: Vec3[];
  /** Per inner-lip column: where the upper teeth (with the skull) part from what goes with the jaw: under the upper teeth, between two rows, under a laugh's biting edge (see lowerSplitUnderTeeth), the opening's middle; its top when it shows no teeth. */
  split: Vec3[];
  /** Per column, where closed lips meet over the upper teeth: the split as the columns read it, before a laugh's was lowered under its side teeth (lowerSplitUnderTeeth). */
  biteLine: Vec3[];
  /** The photo shows teeth between the lips. */
  teethVisible: boolean;
  /** The photo's mouth is open wide (WIDE_OPEN): it shows a cavity of its own. */
  wideOpen: boolean;
}

/** An opening this wide (share of the mouth width, corner to corner) or more is a mouth open wide. */
const WIDE_OPEN = 0.3;

const SAMPLES = 48;
/**
 * Without teeth in sight, a mouth is open only where its dark is darker than this share of the
 * lips' luma. The shade between closed lips passed for an opening (darkest 0.43-0.9 of the lips on
 * mk-avatar, clm-cage, md-drake and the corpus' other closed mouths; an open one's dark 0.08-0.33 on
 * argonfree-team-1, clm-franck-04035, md-team-4, md-team-1), the opening took in the shaded half of
 * the upper lip, and pressing the lips for m, b and p folded it away: the upper lip vanished.
 */
const OPEN_DARK = 0.4;
/**
 * Human's inner lips this far apart (share of the column, outer lip to outer lip) in a column the
 * photo reads as closed, in MIN_UNREAD_COLUMNS columns or more, or in a column between columns
 * read open: the photo is too dim or small to read its opening, and Human's line stands there.
 * mk-card-profile2-square (a 59 px mouth in the shade) shows a row of teeth at luma 64-77 between
 * an upper lip at 57 and a lower lip at 63-87 in the same red: no column found them, the lips met
 * on the dark line above them, the teeth became lower lip and still showed when the lips closed for
 * m, b and p (Human's band: 0.38-0.52 in its six "closed" columns). Elsewhere in the corpus a
 * closed column's band is 0.36-0.79 in at most one column (a corner), else 0.30 or less.
 */
const HUMAN_WIDE_OPEN = 0.35;
const MIN_UNREAD_COLUMNS = 3;
/**
 * The columns where a mouth without teeth in sight opens only onto its deep dark (see the
 * classifier's `onlyDeepDark`): all but the two at each end, where an open mouth's dark thins and
 * lightens (md-team-1: its image-left corner columns, read so, were taken for closed lips, and its
 * 'E' opened with a step there).
 */
const DEEP_DARK_COLUMNS = [2, 3, 4, 5, 6];
/** Samples either side of Human's inner lips within which the mouth's dark is looked for. */
const NEAR_LINE = 4;
/**
 * How far into the lower lip (share of Human's lip height) the opening may reach. Human puts the
 * lower inner lip of a laughing mouth on the lower teeth's top edge (softui-ivana: 5 px above the
 * lip, 3 px more than half its lip): the lower teeth became part of the lip, and a closed mouth
 * showed them as a white line between the lips.
 */
const LOWER_REACH = 0.75;
/** Samples read past Human's outer lower lip (see lowerTeethEnd). */
const PAST_LOWER_LIP = SAMPLES / 2;
/** Lower teeth inside Human's lower lip begin within LOWER_TEETH_BELOW_DARK samples of the opening's dark, and the lip within LOWER_TEETH_NEAR after them. */
const LOWER_TEETH_BELOW_DARK = 6;
const LOWER_TEETH_NEAR = 3;
/** Fewer tooth samples in a row than this are a highlight, not lower teeth; found in fewer columns, a lip's glint. */
const MIN_LOWER_TEETH = 3;
const MIN_LOWER_TEETH_COLUMNS = 3;
/** A sample at least this share of the upper lip's red share is lip; below TOOTH_RED_SHARE, and bright, a tooth. */
const LIP_RED_SHARE = 0.8;
const TOOTH_RED_SHARE = 0.6;
/** Elsewhere the opening stays within half a lip of Human's line. */
const HALF_LIP = 0.5;
/** A sample this much brighter (luma, 0-255) than both lips, with a red share below both bounds, is a tooth. */
const BRIGHT_TOOTH_MARGIN = 12;
const BRIGHT_TOOTH_RED_SHARE = 0.8;
const BRIGHT_TOOTH_RED_CAP = 0.34;
/** Lips less saturated than this are a black-and-white photo's. */
const COLOURLESS_SAT = 0.05;

/** The median colour of a lip. */
type ColourModel = PhotoSample;

function model(samples: PhotoSample[]): ColourModel {
  return { y: median(samples.map((s) => s.y)), sat: median(samples.map((s) => s.sat)), red: median(samples.map((s) => s.red)) };
}

/**
 * Human's mesh often misplaces the inner lip line of an open or smiling mouth (on the teeth, or on
 * the lower lip). Per inner-lip column this reads the photo along the mouth's vertical from the
 * outer upper lip to the outer lower lip: samples that are teeth (brighter and paler than the lips)
 * or the mouth's dark form the opening, found as the best-scoring run (Kadane's algorithm), and
 * bounded to half a lip around Human's line. `photoBlack` is the photo's black (blackLevel), read
 * from the photo when not given.
 */
export function refineInnerLips(input: ReadonlyArray<readonly number[]>, rgba: Uint8Array | Buffer, size: number, photoBlack?: Rgb): LipRefinement {
  const mesh: Vec3[] = input.map((p) => [p[0]!, p[1]!, p[2] ?? 0]);
  // Lip colour models from the ring just inside each outer contour: on the lip even where the
  // inner line lies on the teeth.
  const ringSamples = (ring: readonly number[]) => ring.slice(1, 8).flatMap((i) => {
    const p = mesh[i]!;
    return [[-1, 0], [1, 0], [0, -1], [0, 1], [0, 0]].map(([dx, dy]) => sampleAt(rgba, size, p[0] + dx!, p[1] + dy!));
  });
  const upper = model(ringSamples(UPPER_RINGS[0]!)), lower = model(ringSamples(LOWER_RINGS[0]!));
  const lipY = Math.min(upper.y, lower.y);
  const lipSat = Math.min(upper.sat, lower.sat);
  const lipRed = Math.min(upper.red, lower.red);
  /**
   * Teeth: brighter and much less saturated than lips; or, in warm light or a compressed video
   * frame where yellowish teeth are as bright and saturated as the lips (clm-franck-04117: teeth
   * y 134-179, sat 0.36-0.48; lips y 145-152, sat 0.39-0.44), at least as bright and far less red
   * (red share (r-g)/r 0.25 vs the lips' 0.36-0.42; at most 0.3, or a red lipstick's highlights
   * would pass). The mouth's dark: much darker than either lip.
   */
  const toothRed = Math.min(0.3, 0.7 * lipRed);
  // Inside an opening already found, where neither lip is, teeth need only be clearly brighter than
  // both lips and a good deal less red (clm-franck-03979: yellow teeth y 120-133, red 0.25-0.33;
  // lips y 104-107, red 0.41-0.43). Left unfound, its upper teeth went down with the jaw under a
  // painted white row. Used to find the opening, this read pale lower lips as teeth.
  const brighterThanBothLips = (s: PhotoSample) => s.y > Math.max(upper.y, lower.y) + BRIGHT_TOOTH_MARGIN;
  /**
   * A black-and-white photo's lips have no colour to tell teeth from: there teeth are what is
   * clearly brighter than both lips, and only near Human's inner lips (see classifier). With the
   * colour tests alone no black-and-white smile showed its teeth: its own upper teeth went down
   * with the jaw under a painted row (skimage-astronaut, clm-franck-04117 and softui-kal-visuals
   * turned grey). Teeth in the shade, darker than a pale lip, stay unfound without colour
   * (argon-marie turned grey).
   */
  const colourless = Math.max(upper.sat, lower.sat) < COLOURLESS_SAT;
  // And at least as bright as the skin beside the lips, which teeth in the same light are (grey
  // astronaut 231 against 189, clm-franck-04117 189 against 136) and a glossy dark lipstick's
  // highlight is not (md-team-3 turned grey: lips 53-70, highlight 87, skin 144).
  const skinY = Math.max(skinBeyond(mesh, UPPER_OUTER, UPPER_INNER, rgba, size), skinBeyond(mesh, LOWER_OUTER, LOWER_INNER, rgba, size));
  const greyTooth = (s: PhotoSample) => brighterThanBothLips(s) && s.y > skinY;
  const brightTooth = (s: PhotoSample) => (colourless ? greyTooth(s) : brighterThanBothLips(s) && s.red < Math.min(BRIGHT_TOOTH_RED_CAP, BRIGHT_TOOTH_RED_SHARE * lipRed));
  const isTeeth = (s: PhotoSample) => (colourless ? greyTooth(s) : (s.y > lipY + 8 && s.sat < 0.65 * lipSat) || (s.y > Math.max(upper.y, lower.y) && s.red < toothRed));
  /**
   * Between Human's inner lips, a sample as a black-and-white photo's teeth are told (clearly
   * brighter than both lips, brighter than the skin beside them) and less red than either lip is a
   * tooth in any light: a warm, soft photo gives its teeth the lips' saturation (tabler male-12 at
   * 4x: teeth y 199-215, sat 0.34-0.40, red 0.20-0.26; lips y 159 and 107, sat 0.47 and 0.61), the
   * colour tests found none, and the lips were taken to meet on the shadow under the lower lip with
   * the teeth inside the upper lip, shown still at m, b and p.
   */
  const toothBetweenLips = (s: PhotoSample) => isTeeth(s) || (!colourless && greyTooth(s) && s.red < lipRed);
  // Much darker than the lips: by 25 luma, or 45% on dim lips (md-team-1 at 0.35 exposure, lips at
  // luma 35: no pixel is 25 darker, and its open mouth read as closed).
  const isDark = (s: PhotoSample) => s.y < lipY - Math.max(Math.min(25, 0.45 * lipY), 0.3 * lipY);
  // As dark as an open mouth's dark is (OPEN_DARK).
  const isDeepDark = (s: PhotoSample) => s.y < OPEN_DARK * lipY;
  /**
   * The dark under a laugh's upper teeth: dark as above, or as deep as an open mouth's dark under
   * the upper lip. In a dim photo the lower lip's model may be read off that dark (softui-ivana at
   * half exposure: upper lip 42, "lower lip" 16), and then only luma under 9 was dark: the edge
   * of teeth at 90-105 over a dark at 2-16 went unfound in 8 of 9 columns, one share of the
   * opening cut through the side teeth, and 'aa' opened dark wings across them. A faded photo's
   * depth is measured above its black (see fadedBlack): softui-ivana-faded's dark (luma 84-103,
   * black 85, lips 133) read as dark in some columns and not in others, its split zigzagged
   * between the teeth's edge and the dark, and its side teeth went down with the jaw as fangs.
   */
  const black = luma(fadedBlack(photoBlack ?? blackLevel(rgba, size, mesh)));
  const underTheTeeth = (s: PhotoSample) => isDark(s) || s.y < black + OPEN_DARK * (upper.y - black);
  // Columns run along the mouth's own vertical (upper lip middle -> lower lip middle).
  const top = mesh[UPPER_OUTER[4]]!, bottom = mesh[LOWER_OUTER[4]]!;
  const len = Math.hypot(bottom[0] - top[0], bottom[1] - top[1]) || 1;
  const down = [(bottom[0] - top[0]) / len, (bottom[1] - top[1]) / len] as const;
  // Each column runs through the middle of an inner-lip pair, from the upper lip's outer edge to
  // the lower lip's.
  const columns = UPPER_INNER.map((_, k) => {
    const u = mesh[UPPER_INNER[k]!]!, l = mesh[LOWER_INNER[k]!]!;
    const mid: Vec3 = [(u[0] + l[0]) / 2, (u[1] + l[1]) / 2, (u[2] + l[2]) / 2];
    const along = (p: Vec3) => (p[0] - mid[0]) * down[0] + (p[1] - mid[1]) * down[1];
    const from = Math.min(along(mesh[UPPER_OUTER[k]!]!), along(u) - 1), to = Math.max(along(mesh[LOWER_OUTER[k]!]!), along(l) + 1);
    const a: Vec3 = [mid[0] + down[0] * from, mid[1] + down[1] * from, u[2]];
    const b: Vec3 = [mid[0] + down[0] * to, mid[1] + down[1] * to, l[2]];
    const sampleAtShare = (t: number) => sampleAt(rgba, size, a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
    const samples = Array.from({ length: SAMPLES }, (_, s) => sampleAtShare((s + 0.5) / SAMPLES));
    // On past Human's outer lower lip, for a lower lip that lies on the lower teeth (lowerTeethEnd).
    const extended = [...samples, ...Array.from({ length: PAST_LOWER_LIP }, (_, s) => sampleAtShare(1 + (s + 0.5) / SAMPLES))];
    const t = (p: Vec3) => (along(p) - from) / (to - from);
    const upperLimit = (t(mesh[UPPER_OUTER[k]!]!) + t(u)) / 2;
    const lowerLimit = (reach: number) => t(l) + reach * (t(mesh[LOWER_OUTER[k]!]!) - t(l));
    return { a, b, samples, extended, upperLimit, lowerLimit, humanUpper: t(u), humanLower: t(l) };
  });
  /**
   * Where lower teeth that lie inside Human's lower lip end, as a share of the column (past 1 when
   * they reach beyond Human's outer contour); null when the column shows none. On a faded laugh
   * Human put the whole lower lip a lip's height too high (softui-ivana-faded: inner lip in the
   * dark, outer contour on the lower teeth's lower edge, the red lip under them outside it): the
   * lower teeth became lower lip and showed as a white line between the lips closed for m, b and p
   * (Human read them 0.11 mouth widths apart). They are a run of teeth from just under the opening
   * to Human's outer contour or past it, and the photo's red lip follows them.
   */
  const lowerTeethEnd = ({ extended: all }: { extended: PhotoSample[] }, t1: number): number | null => {
    // The lower lip's colour model may have been read off those teeth: the upper lip's tells them.
    const tooth = (x: PhotoSample) => x.y > Math.max(upper.y, lower.y) + BRIGHT_TOOTH_MARGIN && x.red < TOOTH_RED_SHARE * upper.red;
    // The opening's dark may go on past where its bound stopped it, and the lip's wet rim or the
    // gums lie in shade above the teeth (softui-ivana at half exposure: dark at luma 4-10, the rim
    // at 24-47, then teeth at 74-97 under lips at 42).
    let start = Math.max(0, Math.round(t1 * SAMPLES) - 1);
    while (start < all.length && all[start]!.y < OPEN_DARK * upper.y) start++;
    let first = -1;
    for (let s = start; s <= start + LOWER_TEETH_BELOW_DARK && s < all.length; s++) {
      if (tooth(all[s]!)) { first = s; break; }
    }
    if (first < 0) return null;
    let end = first;
    while (end + 1 < all.length && tooth(all[end + 1]!)) end++;
    const lipAt = all.slice(end + 1, end + 1 + LOWER_TEETH_NEAR).findIndex((x) => x.red >= LIP_RED_SHARE * upper.red);
    // Only teeth that reach Human's outer contour, or end a sample short of it (softui-ivana turned
    // 20 degrees: its middle columns' teeth end there, the lip beyond them; taken for lip, they
    // showed as a white line between the lips closed for m, b and p and Human read them 0.063
    // mouth widths apart, 0.012 with them): a lit lower lip's highlight lies inside the lip.
    if (end - first + 1 < MIN_LOWER_TEETH || end < SAMPLES - 2 || lipAt < 0) return null;
    return (end + 1 + lipAt / 2) / SAMPLES;
  };
  /**
   * Per column, an edge half-way between the lips' level and the column's teeth (or dark): a small
   * or soft photo blurs the lip edge over several samples, and the half-way point is where it is.
   * `onlyDeepDark`, for a mouth without teeth in sight: its dark opens only where it is as deep as
   * an open mouth's (OPEN_DARK). Between closed lips with a near-black seam the half-way level
   * took in an upper lip in its own shade (mk-marc: seam luma 25, that lip 42-60, lips 84 and 140),
   * the lips were taken to part by 0.085 mouth widths (Human: 0.038), and pressed for m, b and p
   * they closed over that band of lip and thinned to a line (Human's gap there 0.054).
   */
  const classifier = (samples: PhotoSample[], lo: number, hi: number, human: { from: number; to: number }, onlyDeepDark = false) => {
    // Without colour, teeth only near Human's inner lips: a lit lip's highlight is as bright (md-drake).
    const toothAt = (at: number) => !colourless || (at >= human.from - NEAR_LINE && at < human.to + NEAR_LINE);
    let peak = samples[lo]!, trough = samples[lo]!;
    for (let s = lo; s < hi; s++) {
      if (samples[s]!.y > peak.y && toothAt(s)) peak = samples[s]!;
      if (samples[s]!.y < trough.y) trough = samples[s]!;
    }
    // Teeth in the shade of a dark upper lip can be darker than a pale lower lip (argon-marie: teeth
    // y 86-106, sat 0.19-0.32; lower lip y 126-158): the brightest sample is then lip, and the teeth
    // went unfound, so painted teeth opened above the photo's own, which went down with the jaw. So
    // the teeth's level may also come from the brightest tooth-like sample between Human's inner
    // lips (only there: a pale lower lip's wet highlight just below the seam passes as a tooth too,
    // mk-marc).
    let peakIsTooth = isTeeth(peak);
    if (!peakIsTooth) {
      for (let s = Math.max(lo, human.from); s < Math.min(hi, human.to); s++) {
        if (toothBetweenLips(samples[s]!) && (!peakIsTooth || samples[s]!.y > peak.y)) {
          peak = samples[s]!;
          peakIsTooth = true;
        }
      }
    }
    const teethAbove = peakIsTooth ? lipY + 0.35 * (peak.y - lipY) : Infinity;
    const level = lipY - 0.35 * (lipY - trough.y);
    const darkBelow = isDark(trough) ? (onlyDeepDark ? Math.min(OPEN_DARK * lipY, level) : level) : -Infinity;
    const toothLike = (s: PhotoSample, at: number) => s.y > teethAbove && toothAt(at) && (colourless || s.sat < 0.9 * lipSat || s.red < toothRed);
    // A lit lower lip under the teeth is no tooth, however light (see litLipBelowTeeth).
    const lipFrom = colourless ? Infinity : litLipBelowTeeth(samples, samples.map((x, at) => at >= lo && at < hi && toothLike(x, at)));
    const teeth = (s: PhotoSample, at: number) => at < lipFrom && toothLike(s, at);
    return { lipFrom, teeth, notLip: (s: PhotoSample, at: number) => teeth(s, at) || s.y < darkBelow };
  };

  const humanBand = (c: { humanUpper: number; humanLower: number }) => ({ from: Math.round(c.humanUpper * SAMPLES), to: Math.round(c.humanLower * SAMPLES) });
  // Judged in the middle of the mouth, near Human's line: towards the corners, and above and below
  // the lips, their own shade and a beard's are darker.
  const opensDark = columns.slice(3, 6).some((c) => {
    const { from, to } = humanBand(c);
    return c.samples.slice(Math.max(0, from - NEAR_LINE), to + NEAR_LINE).some(isDeepDark);
  });
  const spans = (lowerReach: number, onlyDarkOpens: boolean) => columns.map((c, k) => {
    const lo = Math.floor(0.1 * SAMPLES), hi = Math.ceil(0.9 * SAMPLES);
    const { notLip, lipFrom } = classifier(c.samples, lo, hi, humanBand(c), onlyDarkOpens && opensDark && DEEP_DARK_COLUMNS.includes(k));
    const score = c.samples.map((s, at) => (notLip(s, at) ? 1 : -1.2));
    let best = 0, bestFrom = -1, bestTo = -1, sum = 0, from = 0;
    for (let s = lo; s < hi; s++) {
      if (sum <= 0) { sum = 0; from = s; }
      sum += score[s]!;
      if (sum > best) { best = sum; bestFrom = from; bestTo = s; }
    }
    bestTo = beforeLipGap(score, bestFrom, bestTo, humanBand(c).to);
    // Shade between closed lips (see OPEN_DARK): Human's own line.
    if (best >= 2 && onlyDarkOpens && !opensDark) return { t0: c.humanUpper, t1: Math.max(c.humanUpper, c.humanLower) };
    // Human's line is off by less than half a lip: the opening stays within that (a lip's highlight
    // is as bright and pale as a tooth), or within lowerReach of the lower lip. Where the two
    // disagree the larger opening wins, a little larger still: a lip band must hold only lip, or
    // closing the lips would show teeth on them; a sliver of lip in the opening just moves with the
    // teeth. Only where the column shows a lit lower lip past the opening (litLipBelowTeeth) does
    // the opening end where that lip begins, Human's line lying on it: softui-charles's pale lower
    // lip under a laugh's dark, which Human's line cut in half (10 px into a 17 px lip), went into
    // the opening, and the lips closed for m, b and p left a lower lip a third as thick.
    if (best >= 2) {
      const margin = 2 / SAMPLES;
      const litLipBelow = lipFrom <= bestTo;
      return {
        t0: Math.max(Math.min(bestFrom / SAMPLES, c.humanUpper) - margin, c.upperLimit),
        t1: Math.min(Math.max((bestTo + 1) / SAMPLES, litLipBelow ? 0 : c.humanLower) + margin, c.lowerLimit(lowerReach)),
      };
    }
    // Closed: the lips meet at the darkest line between them.
    let dark = lo;
    for (let s = lo; s < hi; s++) if (c.samples[s]!.y < c.samples[dark]!.y) dark = s;
    const t = (dark + 0.5) / SAMPLES;
    return { t0: t, t1: t, human: { t0: c.humanUpper, t1: Math.max(c.humanUpper, c.humanLower) }, humanWide: c.humanLower - c.humanUpper >= HUMAN_WIDE_OPEN };
  });
  // A column on its own may read a shadow or a lip crease: median of three across the mouth, then
  // a light smoothing, so that the inner lip line stays as smooth as a lip.
  const opening = (lowerReach: number, onlyDarkOpens = false) => {
    const spanned = spans(lowerReach, onlyDarkOpens);
    // Human reads the mouth open where the photo shows neither teeth nor dark (see HUMAN_WIDE_OPEN).
    const closed = spanned.map((s) => (s.human ? { human: s.human, humanWide: Boolean(s.humanWide) } : null));
    const unread = closed.filter((s) => s?.humanWide).length >= MIN_UNREAD_COLUMNS;
    // An opening is one piece: a column read closed between columns read open, where Human reads it
    // open wide too, is teeth the colour tests missed (a small or soft photo's teeth in the shade
    // take the lips' colour: tabler-female-32 at 2x, luma 122-143 between lips at 139 and 158), and
    // takes Human's line. Read closed, its teeth went down with the jaw as lower lip, and 'aa'
    // opened a dark hole up to the upper lip beside the photo's other upper teeth. So does a corner
    // column beside an open one whose darkest line lies outside Human's lips: read closed there, on
    // the dark under a laugh's shaded side tooth (clm-franck-04117, below Human's lower line), the
    // upper inner lip came down through the tooth, and lips closing for speech left a dark wedge
    // with a tooth in it at that corner. (Three more corpus laughs have such a corner; where the
    // darkest line lies between Human's lips it may be where they meet: clm-chuck-crop.)
    const enclosed = (k: number) => closed.slice(0, k).some((s) => !s) && closed.slice(k + 1).some((s) => !s);
    const besideOpenAtEnd = (k: number) => (k === 0 && !closed[1]) || (k === closed.length - 1 && !closed[k - 1]);
    const outsideHuman = (s: { t0: number }, human: { t0: number; t1: number }) => s.t0 < human.t0 || s.t0 > human.t1;
    const found = spanned.map((s, k): { t0: number; t1: number } => {
      const shut = closed[k];
      if (shut?.humanWide && (unread || enclosed(k) || (besideOpenAtEnd(k) && outsideHuman(s, shut.human)))) return shut.human;
      return s;
    });
    const t0s = smooth3(median3(found.map((s) => s.t0))), t1s = smooth3(median3(found.map((s) => s.t1)));
    const teethEnds = lowerReach === LOWER_REACH && !colourless ? columns.map((c, k) => lowerTeethEnd(c, t1s[k]!)) : [];
    const teethInLowerLip = teethEnds.filter((e) => e !== null).length >= MIN_LOWER_TEETH_COLUMNS;
    let teethColumns = 0;
    const opened = columns.map((c, k) => {
      const teethEnd = teethInLowerLip ? teethEnds[k] ?? null : null;
      const t0 = t0s[k]!, t1 = Math.max(t0, t1s[k]!, teethEnd ?? 0);
      const s0 = Math.floor(t0 * SAMPLES), s1 = Math.ceil(t1 * SAMPLES);
      const inside = c.extended.slice(s0, s1);
      const { teeth: toothLike, lipFrom } = classifier(c.samples, 0, SAMPLES, humanBand(c));
      const teeth = inside.map((s, at) => toothLike(s, s0 + at) || (s0 + at < lipFrom && brightTooth(s)));
      const showsTeeth = longestRun(teeth) >= MIN_TEETH_RUN;
      if (showsTeeth) teethColumns++;
      const share = inside.length > 1 ? splitSample(inside, teeth, lipY) / inside.length : 0.5;
      const edge = bitingEdge(inside, teeth, (x) => x.y > Math.max(upper.y, lower.y) + 5, underTheTeeth);
      // The lower lip under those teeth keeps the height Human gave it.
      const lowerShift = teethEnd === null ? 0 : Math.max(0, t1 - c.humanLower);
      return { t0, t1, share, showsTeeth, lowerShift, bitingEdge: edge === null ? null : edge / inside.length };
    });
    return { opened, teethVisible: teethColumns >= 3 };
  };
  // Only a mouth that shows teeth within half a lip of Human's line may open further into the lower
  // lip: elsewhere a lower lip's highlight would be read as teeth (clm-bill-murray-snl-crop).
  // One without teeth opens only where its dark is deep (OPEN_DARK).
  const halfLip = opening(HALF_LIP);
  const { opened, teethVisible } = halfLip.teethVisible ? opening(LOWER_REACH) : opening(HALF_LIP, true);
  /**
   * Near the corners a lip's inner edge runs steeply to the side, across the mouth's vertical along
   * which the columns look: a laughing mouth's dark there reached well into what Human calls lip,
   * and past it (softui-ivana: at its lower lip's outermost column on the image-left the dark ran
   * all the way to Human's outer contour), and closing the lips drew it as a black wedge on the
   * lower lip. So an open column's inner point that lies in the dark moves on along the mouth's
   * vertical, away from the opening, to where the dark ends (looking as far as DARK_REACH times
   * its distance to its outer contour point); when that is near or past the outer contour, the
   * outer contour moves as far, to keep half of Human's lip beyond it. (Moved towards the outer
   * contour point, which lies to the side near a corner, a corner column's point went sideways
   * along the corner's shadow, past the mouth's corner onto the outer contour: md-team-1's lower
   * lip began outside its corners, and its opening, drawn from the photo, held a wedge of lip that
   * the jaw stretched into a red wall down each side of 'aa'.)
   */
  // In a mouth without teeth in sight that dark is the deep one that opened it (OPEN_DARK): an upper
  // lip in its own shade is not (mk-marc, see the classifier: its inner lip went up through it).
  const inTheDark = halfLip.teethVisible ? isDark : isDeepDark;
  const outOfTheDark = (from: Vec3, outer: Vec3, open: boolean, away: 1 | -1): { inner: Vec3; outer: Vec3 } => {
    const length = Math.hypot(outer[0] - from[0], outer[1] - from[1]);
    if (!open || length < 2 || !inTheDark(sampleAt(rgba, size, from[0], from[1]))) return { inner: from, outer };
    const vertical = [away * down[0], away * down[1]] as const;
    // `t` lengths along the vertical from `base`, with the depth carried from the inner point's to the outer one's.
    const at = (t: number, base: Vec3): Vec3 => [base[0] + vertical[0] * t * length, base[1] + vertical[1] * t * length, from[2] + (outer[2] - from[2]) * Math.min(1, t)];
    for (let s = 1; s <= DARK_REACH * length; s++) {
      const t = s / length, p = at(t, from);
      if (inTheDark(sampleAt(rgba, size, p[0], p[1]))) continue;
      return { inner: p, outer: t <= INNER_SHARE_KEPT ? outer : at(Math.max(1, t + 0.5) - 1, outer) };
    }
    // Dark all the way: most of the way to the outer contour's level, not past it.
    const height = Math.max(0, (outer[0] - from[0]) * vertical[0] + (outer[1] - from[1]) * vertical[1]);
    return { inner: [from[0] + vertical[0] * INNER_SHARE_KEPT * height, from[1] + vertical[1] * INNER_SHARE_KEPT * height, from[2]], outer };
  };
  /**
   * Beside a laugh's corners Human may lay the whole upper lip on the side teeth, its outer contour
   * on their top and the red lip above it (softui-ivana mirrored: the band between its contours
   * reads luma 180-200, red share 0.08-0.30; her lips 0.72 and more). No opening reaches past half
   * a lip above Human's line, and lips closed for m, b and p drew the band's teeth as a white fang
   * at the corner. So in a side column an upper inner point that lies on a bright tooth
   * (brightTooth) moves on up the mouth's vertical to where the teeth end, looking as far as
   * SIDE_TEETH_REACH of the middle column's upper lip; the lip keeps its height above it.
   * Of the 99 in-range corpus photos, 8 have such a point: the readings moved on the softui-ivana
   * laughs only (mirrored PP 0.040 -> 0.013, the rest by at most 0.05, none past a goal).
   */
  const middleUpperLip = Math.hypot(mesh[UPPER_OUTER[4]]![0] - mesh[UPPER_INNER[4]]![0], mesh[UPPER_OUTER[4]]![1] - mesh[UPPER_INNER[4]]![1]);
  const outOfTheTeeth = (lip: { inner: Vec3; outer: Vec3 }): { inner: Vec3; outer: Vec3 } => {
    const { inner, outer } = lip;
    if (!brightTooth(sampleAt(rgba, size, inner[0], inner[1]))) return lip;
    for (let d = 0.5; d <= SIDE_TEETH_REACH * middleUpperLip; d += 0.5) {
      const p: Vec3 = [inner[0] - down[0] * d, inner[1] - down[1] * d, inner[2]];
      if (brightTooth(sampleAt(rgba, size, p[0], p[1]))) continue;
      return { inner: p, outer: [outer[0] - down[0] * d, outer[1] - down[1] * d, outer[2]] };
    }
    return lip;
  };
  let gap = 0;
  const edges = columns.map((c, k) => {
    const { t0, t1 } = opened[k]!;
    const oldUpper = mesh[UPPER_INNER[k]!]!, oldLower = mesh[LOWER_INNER[k]!]!;
    // Shade between closed lips is no dark to move out of.
    const open = t1 - t0 > 2 / SAMPLES && (teethVisible || opensDark);
    const upperEdge = lerp3(c.a, c.b, t0), lowerEdge = lerp3(c.a, c.b, t1);
    const upperLipOutOfDark = outOfTheDark(upperEdge, mesh[UPPER_OUTER[k]!]!, open, -1);
    const upperLip = open && teethVisible && SIDE_COLUMNS.includes(k) ? outOfTheTeeth(upperLipOutOfDark) : upperLipOutOfDark;
    const outer = mesh[LOWER_OUTER[k]!]!, shift = opened[k]!.lowerShift * Math.hypot(c.b[0] - c.a[0], c.b[1] - c.a[1]);
    const lowerLip = outOfTheDark(lowerEdge, [outer[0] + down[0] * shift, outer[1] + down[1] * shift, outer[2]], open, 1);
    const newUpper = upperLip.inner, newLower = lowerLip.inner;
    moveLipColumn(mesh, UPPER_INNER[k]!, UPPER_RINGS.map((r) => r[k]!), UPPER_OUTER[k]!, oldUpper, upperLip);
    moveLipColumn(mesh, LOWER_INNER[k]!, LOWER_RINGS.map((r) => r[k]!), LOWER_OUTER[k]!, oldLower, lowerLip);
    gap = Math.max(gap, Math.hypot(newLower[0] - newUpper[0], newLower[1] - newUpper[1]));
    return { upperEdge, lowerEdge };
  });
  const [left, right] = [mesh[MOUTH_CORNER_OUTER[0]]!, mesh[MOUTH_CORNER_OUTER[1]]!];
  const wideOpen = gap >= WIDE_OPEN * Math.hypot(right[0] - left[0], right[1] - left[1], right[2] - left[2]);
  // The teeth rows' split stays where the columns found it: one share of the opening (the median
  // over the open columns) for every column, so the cut between upper and lower teeth is smooth.
  // Without teeth of its own the opening is only the dark between the lips: it all goes with the
  // jaw, so that the painted teeth under the upper lip show when the mouth opens.
  // The share comes from the columns that show teeth where there are any: the others (the dark
  // beside a pair of incisors) split in the middle and outvoted them (argon-marie: 3 columns at
  // 0.77-0.82, 6 at 0.5), putting the split on the teeth's top.
  const openColumns = opened.filter((o) => o.t1 - o.t0 > 2 / SAMPLES);
  const withTeeth = openColumns.filter((o) => o.showsTeeth);
  const openShares = (withTeeth.length ? withTeeth : openColumns).map((o) => o.share);
  const share = !teethVisible ? 0 : openShares.length ? median(openShares) : 0.5;
  const edgeShares = teethVisible && wideOpen ? followBitingEdge(opened.map((o) => o.bitingEdge)) : null;
  // Where upper teeth rest on the lower lip (no dark under them), the one share put the split well
  // below the teeth in columns where they end higher, and a strip of lower lip stayed with the
  // skull under them while the cavity opened below it (tabler-male-14-4x, a blurred smile: 7
  // samples of lip under the teeth of column 3). There a column's own teeth end raises the split
  // (followed as a biting edge is); it never lowers it, or side teeth read longer than their
  // neighbours hung down in a block (tabler-female-32-2x).
  const teethShares = edgeShares || !teethVisible ? null : followBitingEdge(opened.map((o) => (o.showsTeeth ? o.share : null)))?.map((s) => Math.min(s, share)) ?? null;
  const shares = edgeShares ?? teethShares;
  const biteLine = edges.map(({ upperEdge, lowerEdge }, k) => lerp3(upperEdge, lowerEdge, shares?.[k] ?? share));
  const corners = [mesh[MOUTH_CORNER_INNER[0]]!, mesh[MOUTH_CORNER_INNER[1]]!] as const;
  const split = edgeShares ? lowerSplitUnderTeeth(biteLine, corners, edges.map((e) => e.lowerEdge), down, (x, y) => underTheTeeth(sampleAt(rgba, size, x, y))) : biteLine;
  return { mesh, split, biteLine, teethVisible, wideOpen };
}

/** Samples of lip in a row that no opening spans below Human's lower inner lip (see beforeLipGap). */
const LIP_GAP = 3;

/**
 * The end of an opening found from `from` to `to` (samples scored 1 for teeth or dark, less for
 * lip) cut before the first LIP_GAP samples of lip in a row at or below Human's lower inner lip
 * (`humanLower`): what lies past them is the lower lip's own highlight. A flash-lit closed mouth
 * (clm-cage at 1.2 exposure) showed its seam's dark, lip, then a lower lip as pale and as little red
 * as teeth (about luma 205, red share 0.25); the best run spanned them all, the opening reached three
 * quarters into the lower lip, and 'aa' opened a cavity under a pink band of lower lip that went up
 * with the skull. Above Human's line a gap stays spanned: a tongue between upper and lower teeth.
 */
function beforeLipGap(score: number[], from: number, to: number, humanLower: number): number {
  let lipRun = 0;
  for (let s = Math.max(from, humanLower); s <= to; s++) {
    lipRun = score[s]! > 0 ? 0 : lipRun + 1;
    if (lipRun >= LIP_GAP && s - LIP_GAP >= from) return s - LIP_GAP;
  }
  return to;
}

/** Median luma of the skin just beyond a lip: per column, 0.8 of the lip's height past its outer contour. */
function skinBeyond(mesh: ReadonlyArray<Vec3>, outer: readonly number[], inner: readonly number[], rgba: Uint8Array | Buffer, size: number): number {
  return median(outer.map((o, k) => {
    const a = mesh[o]!, b = mesh[inner[k]!]!;
    return sampleAt(rgba, size, a[0] + 0.8 * (a[0] - b[0]), a[1] + 0.8 * (a[1] - b[1])).y;
  }));
}

/** Across the mouth's columns: a 1-2-1 smoothing (the ends stay). */
const smooth3 = (values: number[]) => values.map((v, k) => (k === 0 || k === values.length - 1 ? v : (values[k - 1]! + 2 * v + values[k + 1]!) / 4));

/** Fewer columns than this that show the upper teeth's edge over the dark: no edge to follow. */
const MIN_EDGE_COLUMNS = 3;

/**
 * A laugh shows its upper teeth's biting edge over the mouth's dark, and it curves: up towards the
 * corners, or aslant. One split share for every column cut across it, so that opening the jaw drew
 * the cavity as a black lens crossing the side teeth (softui-ivana, softui-charles) or took a strip
 * of upper teeth down with the jaw (clm-franck-04117). There the split follows the edge, column by
 * column: a column without it takes its nearest neighbour's; a median of three and a light
 * smoothing keep the cut as smooth as a row of teeth. Null when too few columns show it.
 */
function followBitingEdge(edges: Array<number | null>): number[] | null {
  const found = edges.flatMap((e, k) => (e === null ? [] : [{ k, e }]));
  if (found.length < MIN_EDGE_COLUMNS) return null;
  const nearest = (k: number) => found.reduce((best, f) => (Math.abs(f.k - k) < Math.abs(best.k - k) ? f : best)).e;
  return smooth3(median3(edges.map((e, k) => e ?? nearest(k))));
}

/** The upper teeth's edge may lie no lower than this share of an opening (below is the lower teeth's). */
const BITING_EDGE_MAX = 0.85;

/**
 * Samples between the last tooth and the dark that may be neither: a blurred or noisy photo fades
 * its teeth into the dark over several (softui-charles-blur: 161, 127, 90, 57, 57 then 32). With
 * none allowed, the edge went unfound in all but one column of the blurred laugh, a single share
 * of the opening cut across its curved teeth, and opening the jaw drew a black lens through them.
 */
const EDGE_BLUR_SAMPLES = 3;

/**
 * Where the upper teeth end over the mouth's dark, in samples from the opening's top: the steepest
 * fall from a tooth (or a sample brighter than both lips) into two samples of the dark, in the
 * upper 85% of the opening; the tooth may lie a few samples above the dark when the samples between
 * are not dark (EDGE_BLUR_SAMPLES), the edge is then where the dark begins. Null when the column
 * shows no such edge (teeth touching, lips, shade).
 */
function bitingEdge(inside: PhotoSample[], teeth: boolean[], brighterThanLips: (s: PhotoSample) => boolean, isDark: (s: PhotoSample) => boolean): number | null {
  const y = (i: number) => inside[Math.max(0, Math.min(inside.length - 1, i))]!.y;
  let edge: number | null = null, steepest = 0;
  for (let b = 1; b + 1 < Math.min(inside.length, BITING_EDGE_MAX * inside.length); b++) {
    if (!isDark(inside[b]!) || !isDark(inside[b + 1]!)) continue;
    let tooth = brighterThanLips(inside[b - 1]!);
    for (let j = 1; j <= 2 + EDGE_BLUR_SAMPLES && !tooth && b - j >= 0; j++) tooth = teeth[b - j]! && inside.slice(b - j + 1, b).every((x) => !isDark(x));
    if (!tooth) continue;
    const fall = (y(b - 2) + y(b - 1)) / 2 - (y(b) + y(b + 1)) / 2;
    if (fall > steepest) { steepest = fall; edge = b; }
  }
  return edge;
}

/** How far (in Human's lip heights) an inner lip point in the dark may look for the lip's edge. */
const DARK_REACH = 1.5;
/** The columns beside the corners, and how far (in the middle column's upper lip heights) their upper inner point may look for the end of the side teeth. */
const SIDE_COLUMNS = [0, 1, 7, 8];
const SIDE_TEETH_REACH = 2;
/** An inner lip point moves at most this share of the way to its outer contour without moving that too. */
const INNER_SHARE_KEPT = 0.8;

/** Teeth that begin within this share of an opening from its top are the upper teeth. */
const UPPER_TEETH_START = 0.6;
/**
 * A first run of tooth-bright samples more than this many times shorter than the next one, with
 * shade between them that is not the dark of an opening, is the upper lip's highlight on a
 * washed-out photo, not the upper teeth (tabler-female-32 at 2x: 4 samples at 184-193, shade at
 * 167, then the teeth at 207-221 for 18 samples; split after the 4, the teeth's columns voted a
 * split through the middle of the row, and opening the jaw took the lower half of every upper
 * tooth down with it).
 */
const SHORT_FIRST_RUN = 2;

/** Fewer tooth-bright samples together than this are no teeth: a speck of light on a lip, a glint. */
const MIN_TEETH_RUN = 3;

/**
 * Where the lips would meet inside an opening, in samples from its top: in the dark gap between
 * two rows of teeth, else under the upper teeth, else in the middle. A row takes MIN_TEETH_RUN
 * tooth-bright samples at least: a lone bright sample on the upper lip above a speck of shade read
 * as a row of upper teeth over the real ones (clm-chuck-crop's image-left side teeth: 1 sample at
 * 165 over shade down to 110, then 13 at 201-232), the split fell in the shade above them, and 'E'
 * opened the cavity between the upper lip and those teeth as they went down with the jaw. Teeth
 * that begin in the upper 60% of the opening are the upper teeth: the opening often starts with the
 * shade under the upper lip (clm-chuck-crop, skimage-astronaut: their teeth began 25-45% down), and
 * with the bound at 30% the split fell in the middle, so half of each upper tooth went down with
 * the jaw and the smile opened into two rows of stumps.
 */
function splitSample(inside: PhotoSample[], toothLike: boolean[], lipY: number): number {
  const n = inside.length;
  if (n === 0) return 0;
  const teeth = withoutSpecks(toothLike, MIN_TEETH_RUN);
  const firstTooth = teeth.indexOf(true), lastTooth = teeth.lastIndexOf(true);
  if (firstTooth >= 0) {
    // The darkest stretch between teeth rows.
    let darkFrom = -1, darkTo = -1;
    for (let s = firstTooth; s <= lastTooth; s++) {
      if (!teeth[s] && inside[s]!.y < lipY - 10) { if (darkFrom < 0) darkFrom = s; darkTo = s; }
    }
    if (darkFrom >= 0 && darkTo < lastTooth) return (darkFrom + darkTo + 1) / 2;
    // A shaded sample or two inside the teeth does not end them.
    const runEnd = (from: number) => {
      let end = from;
      while (end + 1 < n && (teeth[end + 1] || teeth[end + 2] || teeth[end + 3])) end++;
      return end;
    };
    let from = firstTooth, end = runEnd(from);
    const nextFrom = teeth.indexOf(true, end + 1);
    if (nextFrom >= 0 && nextFrom <= n * UPPER_TEETH_START && SHORT_FIRST_RUN * (end - from + 1) < runEnd(nextFrom) - nextFrom + 1) {
      from = nextFrom;
      end = runEnd(from);
    }
    if (from <= n * UPPER_TEETH_START) return end + 1;
  }
  return n / 2;
}

/**
 * The flags with every cluster of trues holding fewer than `min` cleared; a cluster's trues lie at
 * most two falses apart, as splitSample's runs of teeth do (a shaded sample or two inside the
 * teeth does not end them).
 */
function withoutSpecks(flags: boolean[], min: number): boolean[] {
  const out = [...flags];
  for (let s = 0; s < flags.length; s++) {
    if (!flags[s]) continue;
    let end = s, count = 1;
    while (flags[end + 1] || flags[end + 2] || flags[end + 3]) { end++; if (flags[end]) count++; }
    if (count < min) out.fill(false, s, end + 1);
    s = end;
  }
  return out;
}

function longestRun(flags: boolean[]): number {
  let best = 0, run = 0;
  for (const f of flags) { run = f ? run + 1 : 0; best = Math.max(best, run); }
  return best;
}

/**
 * Moves a lip column: its inner point from `from` to `to.inner`, its outer point to `to.outer`, and
 * the rings between along, each by its share of the way from the outer contour.
 */
export function moveLipColumn(mesh: Vec3[], inner: number, rings: number[], outer: number, from: Vec3, to: { inner: Vec3; outer: Vec3 }): void {
  const oldOuter = mesh[outer]!;
  const innerMove: Vec3 = [to.inner[0] - from[0], to.inner[1] - from[1], to.inner[2] - from[2]];
  const outerMove: Vec3 = [to.outer[0] - oldOuter[0], to.outer[1] - oldOuter[1], to.outer[2] - oldOuter[2]];
  const full = Math.hypot(from[0] - oldOuter[0], from[1] - oldOuter[1]) || 1;
  for (const r of rings) {
    const p = mesh[r]!;
    const f = Math.min(1, Math.hypot(p[0] - oldOuter[0], p[1] - oldOuter[1]) / full);
    mesh[r] = [0, 1, 2].map((c) => p[c]! + innerMove[c]! * f + outerMove[c]! * (1 - f)) as Vec3;
  }
  mesh[inner] = to.inner;
  mesh[outer] = to.outer;
}

/** A dip in luma between two tooth-like bands: both rise to at least this multiple of its luma. */
const RISE_AFTER_DIP = 1.15;
/** A bright band below the teeth this much redder (median red share) than the teeth above the dip is lip. */
const LIP_REDDER_THAN_TEETH = 0.06;

/**
 * Where a lit lower lip begins under a smile's upper teeth, in samples; Infinity when the column
 * shows none. A glossy lower lip in the light, close under the upper teeth, is as light and pale as
 * teeth to the colour tests (tabler male-14 at 4x: lip y 146-180, red 0.32-0.34; teeth y 204-221,
 * red 0.16-0.30): the opening took it in as lower teeth, and 'aa' dropped the jaw under it, a
 * lip-coloured mouth in a thin dark crescent. It lies past a dip in luma (there 137, at the teeth's
 * edge) with lighter tooth-like samples on both sides, and is redder than those above the dip;
 * lower teeth are the same enamel (shaded, no redder: softui-kal-visuals' read 0.20-0.24 under
 * upper teeth at 0.34). The colour share alone cannot tell them: teeth in warm light read as red as
 * 0.43 (argon-kal-visuals-square).
 */
function litLipBelowTeeth(samples: PhotoSample[], teeth: boolean[]): number {
  const first = teeth.indexOf(true), last = teeth.lastIndexOf(true);
  if (first < 0) return Infinity;
  const lightest = (from: number, to: number) => samples.slice(from, to).reduce((m, x, i) => (teeth[from + i] ? Math.max(m, x.y) : m), 0);
  const reds = (from: number, to: number) => samples.slice(from, to).filter((_, i) => teeth[from + i]).map((x) => x.red);
  // The deepest dip with a tooth-like band rising out of it on both sides, the lower one redder.
  let dip = Infinity;
  for (let at = first + 1; at < last; at++) {
    const y = samples[at]!.y;
    if (y > samples[at - 1]!.y || y > samples[at + 1]!.y || (dip < Infinity && y >= samples[dip]!.y)) continue;
    if (lightest(first, at) < RISE_AFTER_DIP * y || lightest(at + 1, last + 1) < RISE_AFTER_DIP * y) continue;
    const above = reds(first, at), below = reds(at + 1, last + 1);
    if (above.length >= 2 && below.length >= 2 && median(below) >= median(above) + LIP_REDDER_THAN_TEETH) dip = at;
  }
  return dip;
}
