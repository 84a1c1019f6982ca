import type { RigTarget } from '../types';
import { JAW_FOLLOW, LOWER_INNER, LOWER_LIP, MOUTH_CORNER_INNER, MOUTH_CORNER_OUTER, NOSE_BOTTOM, UPPER_INNER, UPPER_LIP } from './landmarks';
import { INTERIOR_ROWS, LOWER_TEETH_ROW, UPPER_LINE } from './rig-mesh';
import { toLocal } from './face-frame';
import { smoothstep } from '../geometry/smoothstep';
import { partedInMiddle } from './visemes';
import { AMPLITUDE, bump, jawDrop, lipSets, solve, solveDense, sparse, type Ctx } from './target-context';

/**
 * Of the opening rounded lips make, the upper lip's share of the way up, as a share of each lip's
 * even half: rounding pushes the lips forward and the upper lip stays over the upper teeth, so the
 * lower lip parts most. Even halves raised the upper lip off the painted teeth, and an 'U' or 'O'
 * showed a strip of teeth from lip to lip (grace hopper, md-team-4, opencv-230501201-1).
 */
const ROUND_UPPER_SHARE = 0.3;

/**
 * Rounded lips cover this share of the painted upper teeth: an 'U' or 'O' showed a band of teeth
 * across the top of its opening, which read as an open 'eh' rather than a rounded 'oo'.
 */
const ROUNDED_LIP_OVER_TEETH = 0.75;
/** Rounding takes the lower teeth this many times as far down as the lower lip (see lipTarget). */
const ROUNDED_LIP_OVER_LOWER_TEETH = 1.3;

/** Where pressed lips meet: this share of the way from the upper inner lip down to the split line. */
const PRESS_UPPER_SHARE = 0.4;

/**
 * Pressed lips roll the lower lip in: its inner PRESS_ROLL share (the wet side, which a parted or
 * laughing mouth shows) goes under the upper lip, squeezed to ROLLED_KEPT of its height (not to
 * nothing: a flat triangle has no side to draw), and the rest of the lip comes up behind it.
 * Whole, the lower lip of an open mouth came up as tall as it stood, its inner side on show, and
 * Human's mesh read the closed lips as parted: the gap it reads at 'PP' over the 73 in-range
 * corpus photos, median 0.027 whole, 0.019 rolled (lower on 29 photos, higher on 9: md-drake
 * 0.084 -> 0.057, mk-card-profile2-square 0.056 -> 0.043; mk-marc 0.039 -> 0.057, the laughing
 * softui-charles 0.081 -> 0.121).
 */
const PRESS_ROLL = 0.5;
const ROLLED_KEPT = 0.1;
/**
 * Only an open mouth shows the wet side of its lower lip: the roll grows from nothing at lips
 * parted ROLL_FROM_OPENING (mouth widths, in the middle) to PRESS_ROLL at ROLL_FULL_OPENING.
 * Rolled in whole, the closed or barely parted lips of clm-audrey, md-team-1 and Grace Hopper
 * pressed into a thin line, their lower lip half gone, which read as lips sucked in.
 */
const ROLL_FROM_OPENING = 0.05;
const ROLL_FULL_OPENING = 0.2;

/** The share of the lower lip that pressed lips roll in, by how far the photo's lips are parted. */
function pressRollShare(ctx: Ctx): number {
  const parted = partedInMiddle(ctx.mesh);
  return PRESS_ROLL * Math.min(1, Math.max(0, (parted - ROLL_FROM_OPENING) / (ROLL_FULL_OPENING - ROLL_FROM_OPENING)));
}

/** Lip vertices column by column (matching UPPER_INNER / LOWER_INNER), from the outer contour to the inner one. */
function lipColumns(): Array<{ upper: number[]; lower: number[] }> {
  return UPPER_INNER.map((_, k) => ({
    upper: [0, 1, 2, 3].map((r) => UPPER_LIP[r * 11 + 1 + k]!),
    lower: [0, 1, 2, 3].map((r) => LOWER_LIP[r * 9 + k]!),
  }));
}

/**
 * Across the mouth: -1 and 1 at the outer lip corners, 0 midway between them. The face
 * frame's origin is the upper lip's midpoint, which on a turned face sits well off the mouth's
 * middle (measured: corners at -0.82 and +1.17 half-widths at 20 degrees of yaw); a drop shaped
 * about that origin fell steeply right beside one corner and drew the open mouth with a straight
 * wall and a pointed floor.
 */
function acrossMouth(ctx: Ctx): (u: number) => number {
  const [left, right] = MOUTH_CORNER_OUTER.map((i) => ctx.local(i)[0]) as [number, number];
  const centre = (left + right) / 2, reach = Math.max(1e-6, Math.abs(right - left) / 2);
  return (u) => (u - centre) / reach;
}

/** The mouth's corners go down this share of the jaw's drop. */
const CORNER_DROP = 0.2;
/**
 * How the lower lip parts from the upper one between the inner corners: its drop is the full drop
 * times (1 - s^2)^OPENING_ROUNDNESS, s the share of the way from the middle to the corner. The
 * drop used to run out at the outer corners instead, so a column beside an inner corner already
 * dropped two thirds of the way and the open mouth had a square wall at each end (md-drake,
 * opencv-230501201-1, tabler-female-30: a bucket). 1 (a parabola) made a V with straight sides,
 * 0.5 (an ellipse) the bucket again; 0.75 opens as a rounded almond.
 */
const OPENING_ROUNDNESS = 0.75;

/**
 * The lower lip leaves an inner corner at most this steeply: its drop at most this many times its
 * distance from the corner in the picture. The mesh has a single lip column between a corner and
 * the next, and on a turned face's far side that column lies close to the corner in the picture:
 * dropped as the almond says (0.4-0.6 of the full drop), the open mouth ended there in a vertical
 * wall (opencv-230501201-1: 4 times its distance). At 1.5 the opening became a V; at 2 frontal
 * faces lost the rounded ends of their almond too (Grace Hopper's open mouth a trapezoid).
 */
const CORNER_SLOPE = 3;

/** However open the photo's mouth already is, the jaw still drops this share of its full drop. */
const JAW_DROP_FLOOR = 0.4;
/** Lips parted at rest by up to this share of the full drop do not count toward 'aa''s opening. */
const PARTED_AT_REST = 0.3;
/**
 * The lips part at most this far at 'aa' (share of the mouth width), their rest opening included,
 * unless the floor's drop takes them further. Wider is a yell: Human's mesh stopped reading the
 * lower lip and put it in the cavity (clm-chuck-crop, teeth parted at rest: 0.33 at 0.59 mouth
 * widths open, 0.26 at 0.63). Less is a mumble: opencv-230501201-1 read 0.32 at 0.58, 0.26 at 0.54.
 */
const MAX_OPENING = 0.6;

/**
 * jawOpen at 1 is the open mouth of 'aa'. A photo whose mouth is already open (a smile showing its
 * teeth, a laugh) dropped the full amount on top of its opening: 0.6-1.0 mouth widths open, a
 * scream, which Human's mesh read as less open than a smaller opening (softui-kal-visuals 0.26 at
 * the full drop, 0.34 at 0.6 of it) and a viewer reads as a yell. So the opening beyond lips
 * parted a little counts toward it: the jaw drops the full amount less that (at least
 * JAW_DROP_FLOOR of it). Counting all of the opening, lips parted at rest read less open than before
 * (clm-bill-murray-snl-crop 0.35 -> 0.25).
 */
export function jawOpen(ctx: Ctx): RigTarget {
  const restGap = Math.max(0, ctx.local(LOWER_INNER[4]!)[1] - ctx.local(UPPER_INNER[4]!)[1]);
  const full = jawDrop(ctx.mesh.frame);
  const unbounded = full - Math.max(0, restGap - PARTED_AT_REST * full);
  const D = Math.max(JAW_DROP_FLOOR * full, Math.min(unbounded, MAX_OPENING * ctx.mesh.frame.mouthWidth - restGap));
  const across = acrossMouth(ctx);
  const { upper, lower } = lipSets();
  const p = new Map<number, [number, number]>();
  // The upper lip stays with the skull except near the corners, which the jaw pulls down a little.
  const cornerDrop = (t: number) => CORNER_DROP * D * Math.min(1, t * t);
  const [leftCorner, rightCorner] = MOUTH_CORNER_INNER.map((i) => Math.abs(across(ctx.local(i)[0]))) as [number, number];
  for (const i of upper) { const t = across(ctx.local(i)[0]); p.set(i, ctx.image(0, cornerDrop(t))); }
  // The lower lip parts from the upper one from the inner corners on, as much at the middle as the
  // full drop: the opening is an almond.
  const cornerAt = MOUTH_CORNER_INNER.map((i) => [ctx.mesh.vertices[i * 2]!, ctx.mesh.vertices[i * 2 + 1]!] as const);
  for (const i of lower) {
    const t = across(ctx.local(i)[0]);
    const [cx, cy] = cornerAt[t < 0 ? 0 : 1]!;
    const fromCorner = Math.hypot(ctx.mesh.vertices[i * 2]! - cx, ctx.mesh.vertices[i * 2 + 1]! - cy);
    p.set(i, ctx.image(0, cornerDrop(t) + Math.min(D * bump(t, t < 0 ? leftCorner : rightCorner) ** OPENING_ROUNDNESS, CORNER_SLOPE * fromCorner)));
  }
  for (const [i, f] of JAW_FOLLOW) p.set(i, ctx.image(0, D * f));
  // The photo's upper teeth stay with the skull, their top edge going down where the corners pull
  // the lip down (their own corners stay: sheared down to the lips' corners, the side teeth ended in
  // a fang); its lower teeth go down with the lower lip.
  ctx.mesh.splitUpper.forEach((i) => p.set(i, [0, 0]));
  ctx.mesh.teethTop.forEach((i, k) => p.set(i, isLineCorner(k) ? [0, 0] : p.get(UPPER_LINE[k]!)!));
  ctx.mesh.splitLower.forEach((i, k) => p.set(i, p.get(LOWER_INNER[k]!)!));
  // Cavity: its top stays with the skull, the tongue and floor go down with the jaw.
  ctx.mesh.interiorGrid.forEach((row, r) => row.forEach((i) => p.set(i, ctx.image(0, D * (INTERIOR_ROWS[r]!.jaw ?? ctx.mesh.lowerTeethFollow)))));
  const noseV = ctx.local(NOSE_BOTTOM)[1];
  return solve(ctx, 'jawOpen', p, (i) => ctx.local(i)[1] > noseV);
}

/**
 * The four lip targets: a vertical part on the lips in the face frame, filled harmonically into
 * the skin around; plus a horizontal squeeze or stretch: rounding's on the lips, filled into the
 * skin with the rest, the others a smooth field over the whole mouth area. Pressing and tucking
 * first close the photo's own opening onto the split line (the lips meet even when the photo's
 * mouth is open), then thin the lips.
 */
export function lipTarget(ctx: Ctx, name: 'lipsRound' | 'lipsSpread' | 'lipsPress' | 'lowerLipTuck'): RigTarget {
  const { mouthWidth: mw } = ctx.mesh.frame;
  const half = mw / 2;
  const seam = ctx.mesh.seam;
  const pos = (i: number): [number, number] => [ctx.mesh.vertices[i * 2]!, ctx.mesh.vertices[i * 2 + 1]!];
  const p = new Map<number, [number, number]>();
  // How far (face-frame v) rounding moves a lip at across-position u: up for the upper, down for the lower.
  const roundParting = (isUpper: boolean, u: number) => (isUpper ? -ROUND_UPPER_SHARE : 2 - ROUND_UPPER_SHARE) * AMPLITUDE.roundOpen * mw * bump(u, half);
  let jawClose = 0;
  const across = acrossMouth(ctx);
  // How far (face-frame v) pressing or tucking brings each column's lower inner lip.
  const closeLowerAt: number[] = [];
  const rollShare = pressRollShare(ctx);
  const endsClosingShare = laughShare(ctx);
  lipColumns().forEach((column, k) => {
    const edgeV = biteV(ctx, k);
    const upperV = ctx.local(UPPER_INNER[k]!)[1], lowerV = ctx.local(LOWER_INNER[k]!)[1];
    // The lower lip's height in this column: its outer contour (ring 0) below its inner one.
    const lowerHeight = Math.max(0, ctx.local(column.lower[0]!)[1] - lowerV);
    // Pressed lips meet a little below the upper lip, in front of the upper teeth: the jaw brings
    // the lower lip up whole, the upper lip comes down only a little. A tuck brings the lower lip,
    // whole too, to the upper teeth's edge.
    const share = name === 'lipsPress' ? PRESS_UPPER_SHARE : 1;
    const belowSplit = name === 'lowerLipTuck' ? tuckBelowSplit(ctx, k) : 0;
    const meetV = upperV + share * (edgeV - upperV) + belowSplit;
    const closeLower = meetV - lowerV;
    closeLowerAt[k] = closeLower;
    if (k === 4 && (name === 'lipsPress' || name === 'lowerLipTuck')) jawClose = closeLower;
    // The meeting point in the image itself: the face frame's "down" has depth in it, and the inner
    // lips of a raised or lowered face lie at different depths, so lips meeting in the frame's v
    // stayed 1-2 px apart in the picture (softui-charles, softui-ivana: the photo's teeth showed
    // through a crack between pressed lips).
    const upperAt = pos(UPPER_INNER[k]!), lowerAt = pos(LOWER_INNER[k]!), bite = ctx.mesh.biteLine[k]!;
    const below = ctx.image(0, belowSplit);
    const meet: [number, number] = [upperAt[0] + share * (bite[0] - upperAt[0]) + below[0], upperAt[1] + share * (bite[1] - upperAt[1]) + below[1]];
    const toMeetUpper = [meet[0] - upperAt[0], meet[1] - upperAt[1]] as const, toMeetLower = [meet[0] - lowerAt[0], meet[1] - lowerAt[1]] as const;
    // How far (face-frame v) rounding brings this column's lower lip up over the opening's ends.
    const endsClosing = name === 'lipsRound' ? endsClosingShare * roundedEndsClosing(Math.abs(across(ctx.local(UPPER_INNER[k]!)[0]))) * Math.max(0, lowerV - upperV) : 0;
    const relax = name === 'lipsRound' ? smileRelaxing(ctx, UPPER_INNER[k]!) : 0;
    const displacement = (i: number, isUpper: boolean): [number, number] => {
      const [u, v] = ctx.local(i);
      const taper = 0.2 + 0.8 * bump(u, half);
      switch (name) {
        case 'lipsRound': return ctx.image(0, roundParting(isUpper, u) + (isUpper ? ENDS_UPPER_SHARE : ENDS_UPPER_SHARE - 1) * endsClosing + relax);
        case 'lipsSpread': return [0, 0];
        case 'lipsPress': {
          // Each lip comes to the meeting line whole (a lip keeps its own height; the skin above
          // and below stretches), the lower one with its inner side rolled in (PRESS_ROLL), then
          // thins about it. Stretching the upper lip instead made it twice as tall on open smiles
          // and Human read the lips as parted.
          const [cx, cy] = isUpper ? toMeetUpper : toMeetLower;
          const w = v - (isUpper ? upperV : lowerV);
          const rolled = isUpper ? 0 : (1 - ROLLED_KEPT) * Math.min(w, rollShare * lowerHeight);
          const [tx, ty] = ctx.image(0, -AMPLITUDE.press * (w - rolled) * taper - rolled);
          return [cx + tx, cy + ty];
        }
        case 'lowerLipTuck': {
          if (isUpper) return [0, 0];
          // The lip goes whole, up to the photo's own teeth or down to painted ones, the jaw with
          // it (as pressing): stretched down, it was squashed to a line; stretched up (its outer
          // edge kept), a laugh's lower lip came up three times its height, a red smear with the
          // lower teeth's white streaked through it (softui-ivana, softui-charles).
          const w = v + closeLower - meetV;
          const [tx, ty] = ctx.image(0, -AMPLITUDE.tuck * w * taper);
          return [toMeetLower[0] + tx, toMeetLower[1] + ty];
        }
      }
    };
    for (const i of column.upper) p.set(i, displacement(i, true));
    for (const i of column.lower) p.set(i, displacement(i, false));
  });
  // The jaw closes with the lower lip.
  if (jawClose < 0) for (const [i, f] of JAW_FOLLOW) p.set(i, ctx.image(0, jawClose * f));
  // The corners: pressed lips, and a tucked lip rising, pull them towards the meeting line (half
  // the way the lower lip's outermost column goes), or the lower lip would slide past them;
  // otherwise they keep only the horizontal field below.
  const cornerRise = (side: 0 | 1) => {
    const closeLower = closeLowerAt[side === 0 ? 0 : UPPER_INNER.length - 1]!;
    if (name === 'lipsPress') return 0.5 * closeLower;
    // A tucked lip rising to a laugh's teeth pulls them up too: left where they were, the cavity
    // showed as a dark wedge between the teeth's end, the corner and the lip (softui-ivana-rot+20).
    if (name === 'lowerLipTuck') return Math.min(0, 0.5 * closeLower);
    if (name === 'lipsRound') return smileRelaxing(ctx, MOUTH_CORNER_INNER[side]);
    return 0;
  };
  for (const [side, ring] of [[0, [0, 11, 22, 33]], [1, [10, 21, 32, 43]]] as const) {
    for (const r of ring) p.set(UPPER_LIP[r]!, ctx.image(0, cornerRise(side)));
  }
  ctx.mesh.splitUpper.forEach((i) => p.set(i, [0, 0]));
  // Pressing brings the lower teeth up with the lower lip, as the jaw would.
  if (name === 'lipsPress') ctx.mesh.interiorGrid[LOWER_TEETH_ROW]!.forEach((i) => p.set(i, scaled(lowerLipAt(ctx, p, ctx.local(i)[0]), ctx.mesh.lowerTeethFollow)));
  // The photo's lower strip (what its opening shows under the split) stays with the jaw, except:
  // under painted teeth, which a tuck uncovers, the strip (lips, or a little dark) shrinks to
  // where the lip meets them; and rounding, which parts the lips without the jaw, takes the strip
  // down with the lower lip, and the cavity's lower rows as the jaw would. With both left still,
  // the opening of 'U' stretched the strip (the inside of the lower lip) from the split down to
  // the lip, under the painted teeth, with the cavity's dark squeezed to a line between them: a
  // strip of teeth over a red band (md-team-1, matplotlib-grace-hopper, clm-audrey). Where rounding
  // closes the ends of the photo's opening, the strip stays: the lip comes up over it.
  ctx.mesh.splitLower.forEach((i, k) => p.set(i, name === 'lowerLipTuck' ? ctx.image(0, tuckBelowSplit(ctx, k)) : name === 'lipsRound' ? ctx.image(0, roundParting(false, ctx.local(LOWER_INNER[k]!)[0]) + smileRelaxing(ctx, UPPER_INNER[k]!)) : [0, 0]));
  if (name === 'lipsRound') {
    // The painted upper teeth (the rows that stay with the skull) go up under the upper lip, which
    // rounding pushes forward over them; the lower teeth go down further than the lower lip, which
    // comes forward over them as it rounds: uncovered by the jaw, they lay across the bottom of the
    // small opening of 'U' (skimage-astronaut), which is dark.
    const teethLift = (u: number) => roundParting(true, u) - ROUNDED_LIP_OVER_TEETH * ctx.mesh.paintedTeethEdge;
    ctx.mesh.interiorGrid.forEach((row, r) => row.forEach((i) => {
      const u = ctx.local(i)[0], jaw = INTERIOR_ROWS[r]!.jaw ?? ROUNDED_LIP_OVER_LOWER_TEETH;
      p.set(i, ctx.image(0, jaw === 0 ? teethLift(u) : roundParting(false, u) * jaw));
    }));
  }
  const noseV = ctx.local(NOSE_BOTTOM)[1];
  const widen = name === 'lipsRound' ? -AMPLITUDE.roundNarrow : name === 'lipsSpread' ? AMPLITUDE.spreadWiden : name === 'lipsPress' ? -0.04 : 0;
  const lift = name === 'lipsSpread' ? AMPLITUDE.spreadLift * mw : 0;
  const field = (i: number, sideways: number): [number, number] => {
    const [u, v] = ctx.local(i);
    const win = mouthWindow(u, v - seam(Math.max(-half, Math.min(half, u))), mw);
    return ctx.image(sideways * widen * u * win, -lift * Math.min(1, (u / half) ** 2) * win);
  };
  // Rounding's squeeze is the lips' own, filled into the skin around as their vertical part is.
  // As a field over the skin, it narrowed the nose's wings with the lips (the nostrils 8-11 px in
  // at 'U', the cheek sliding over their dark with a hard edge: tabler-female-29-4x,
  // tabler-female-13-4x, clm-chuck-crop) and squeezed the skin beside a smile's corners to a
  // quarter of its width, its laugh lines into sharp creases (skimage-astronaut, softui-ivana).
  const squeezeLips = name === 'lipsRound';
  const unsqueezed = new Map(p);
  if (squeezeLips) {
    for (const [i, [dx, dy]] of unsqueezed) {
      if (ctx.mesh.kind[i] !== 'face') continue;
      const [fx, fy] = field(i, 1);
      p.set(i, [dx + fx, dy + fy]);
    }
  }
  // When pressing or tucking moves the jaw, the skin down to the neck follows it as for jawOpen.
  const target = solveDense(ctx, p, (i) => {
    const [u, v] = ctx.local(i);
    if (jawClose < 0) return v > noseV;
    return ctx.mesh.kind[i] === 'face' && v > noseV && Math.hypot(u, v) < 1.3 * mw;
  });
  // The teeth's top edge goes up and down with the upper lip; sideways only as far as spreading
  // widens it: narrowed, the lips slide over the teeth (see rig-mesh), and widened, a lip sloping
  // down to its corner would leave a dark crescent above them.
  ctx.mesh.teethTop.forEach((i, k) => {
    const lip = UPPER_LINE[k]!;
    const [dx, dy] = field(lip, widen > 0 ? 1 : 0);
    const corner = isLineCorner(k);
    const own = (squeezeLips && unsqueezed.get(lip)) || [target[lip * 2]!, target[lip * 2 + 1]!];
    target[i * 2] = (corner ? 0 : own[0]!) + dx;
    target[i * 2 + 1] = (corner ? 0 : own[1]!) + dy;
  });
  for (let i = 0; i < ctx.n; i++) {
    if (ctx.mesh.kind[i] !== 'face' || squeezeLips) continue;
    const [dx, dy] = field(i, 1);
    target[i * 2] = target[i * 2]! + dx;
    target[i * 2 + 1] = target[i * 2 + 1]! + dy;
  }
  keepTeethUnderLip(ctx, target);
  return sparse(name, target, [0, 1]);
}

/**
 * The lower inner lip's displacement in `p` at across-position u (face frame), linear between its
 * vertices, the corners' beyond them.
 */
function lowerLipAt(ctx: Ctx, p: Map<number, [number, number]>, u: number): [number, number] {
  const line = [MOUTH_CORNER_INNER[0], ...LOWER_INNER, MOUTH_CORNER_INNER[1]];
  const at = (i: number) => p.get(i) ?? [0, 0];
  const us = line.map((i) => ctx.local(i)[0]);
  if (u <= us[0]!) return at(line[0]!);
  for (let k = 0; k + 1 < line.length; k++) {
    if (u > us[k + 1]!) continue;
    const t = (u - us[k]!) / Math.max(1e-9, us[k + 1]! - us[k]!);
    const a = at(line[k]!), b = at(line[k + 1]!);
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  }
  return at(line.at(-1)!);
}

const scaled = ([x, y]: [number, number], k: number): [number, number] => [x * k, y * k];

/** Whether the k-th vertex of UPPER_LINE is a mouth corner: the teeth's corners stay with the skull. */
const isLineCorner = (k: number) => k === 0 || k === UPPER_LINE.length - 1;

/** How far above the moved lip's edge (mouth widths) a teeth top that would show below it goes. */
const UNDER_LIP = 0.01;

/**
 * The teeth's top edge, moved its own way, may come out below the lip's moved edge where the two
 * slide past each other (rounding narrows a lip whose inner line rises from its middle): the
 * cavity showed as a dark dot between them (skimage-astronaut at 'U'). Each top vertex that would
 * show goes straight up (the face's up) to just above the lip's edge.
 */
function keepTeethUnderLip(ctx: Ctx, disp: Float64Array): void {
  const v = ctx.mesh.vertices;
  const moved = (i: number): [number, number] => [v[i * 2]! + disp[i * 2]!, v[i * 2 + 1]! + disp[i * 2 + 1]!];
  const edge = UPPER_LINE.map(moved);
  const [ux, uy] = ctx.image(0, -1);
  const upLength = Math.hypot(ux, uy);
  const up: [number, number] = [ux / upLength, uy / upLength];
  const margin = UNDER_LIP * ctx.mesh.frame.mouthWidth;
  ctx.mesh.teethTop.forEach((i) => {
    const [tx, ty] = moved(i);
    // The lip's edge straight above or below the teeth's vertex: T + s up = A + t (B - A).
    let rise = -Infinity;
    for (let k = 0; k + 1 < edge.length; k++) {
      const [ax, ay] = edge[k]!, [bx, by] = edge[k + 1]!;
      const ex = bx - ax, ey = by - ay;
      const det = up[0] * -ey - up[1] * -ex;
      if (Math.abs(det) < 1e-9) continue;
      const rx = ax - tx, ry = ay - ty;
      const s = (rx * -ey - ry * -ex) / det, t = (up[0] * ry - up[1] * rx) / det;
      if (t >= 0 && t <= 1) rise = Math.max(rise, s);
    }
    if (rise + margin <= 0) return;
    disp[i * 2] = disp[i * 2]! + (rise + margin) * up[0];
    disp[i * 2 + 1] = disp[i * 2 + 1]! + (rise + margin) * up[1];
  });
}

/**
 * Rounded lips close the ends of the photo's own opening (their own parting stays): none of it up
 * to ENDS_FROM of the way from the middle to a corner, all of it from ENDS_TO on. Round lips purse
 * to a small opening; a laugh's opening kept its square ends, and 'O' and 'U' showed its side teeth
 * running down to the corners over the dark, as fangs (softui-ivana, clm-franck-04117,
 * softui-charles). From 0.4, the side teeth still showed; from 0.25, the opening came to a point
 * at the bottom, a V. Closing the ends down to an almond as open as the middle closed almost
 * nothing: a laugh's opening is no wider at its ends than an almond.
 */
const ENDS_FROM = 0.3;
const ENDS_TO = 0.85;

/**
 * Of the ends' closing, the upper lip's share (down over the teeth), the lower lip rising the
 * rest. The lower lip rising alone left the upper lip's edge straight across the teeth to the
 * corners, and the opening of 'U' was a box, its top corners square (softui-charles,
 * clm-franck-04117, softui-ivana). At half, the fold relief gave way more and the ends closed less
 * (softui-ivana's outermost columns 0.29 of a mouth width apart at 'U', 0.21 now; 0.42 at rest).
 */
const ENDS_UPPER_SHARE = 0.4;

/**
 * Only a laugh's opening has its ends closed: the closing grows from nothing at lips parted
 * LAUGH_FROM_OPENING (mouth widths, in the middle) to all of it at LAUGH_FULL_OPENING. A smile's
 * small opening closed at its ends pinched 'O' and 'U' into a V under the teeth (tabler-female-32,
 * parted 0.18).
 */
const LAUGH_FROM_OPENING = 0.2;
const LAUGH_FULL_OPENING = 0.35;

const laughShare = (ctx: Ctx) => smoothstep(LAUGH_FROM_OPENING, LAUGH_FULL_OPENING, partedInMiddle(ctx.mesh));

/** The share of the photo's own opening rounded lips close at `s` (0 middle, 1 corner). */
const roundedEndsClosing = (s: number) => smoothstep(ENDS_FROM, ENDS_TO, s);

/**
 * Rounded lips let go of a smile: where the upper inner lip rises from its middle towards a corner,
 * rounding brings that column (both lips, the corner with them, the skin around following) down
 * by this share of the rise. Kept, the corners of a smile stayed up as the lips rounded, and 'O'
 * and 'U' were a smile's crescent (clm-audrey, corners 8 and 6 px above the middle: 4 and 3 at
 * 'U', now level).
 */
const ROUND_RELAXES_SMILE = 0.8;

/** How far (face-frame v) rounding brings down the lips at the upper inner lip vertex `i`. */
function smileRelaxing(ctx: Ctx, i: number): number {
  return ROUND_RELAXES_SMILE * Math.max(0, ctx.local(UPPER_INNER[4]!)[1] - ctx.local(i)[1]);
}

/** A tucked lower lip comes up to this share of the painted upper teeth's height: their edge rests on it. */
const TUCK_UNDER_TEETH = 0.85;

/**
 * How far below the split (face-frame v) a tucked lower lip meets the upper teeth in column k: at
 * the split where the photo shows its own teeth (their edge), near the painted teeth's edge where
 * it does not. 'FF' used to open the jaw a little on top of a tuck to show painted teeth; on a
 * photo with its own teeth that drew a black crescent of cavity between their edge and the lip
 * (skimage-astronaut, mk-christian, opencv-227943776-1).
 */
function tuckBelowSplit(ctx: Ctx, k: number): number {
  const edge = ctx.mesh.paintedTeethEdge;
  if (edge === 0) return 0;
  const [u, edgeV] = toLocal(ctx.mesh.frame, ctx.mesh.biteLine[k]!);
  return Math.max(0, ctx.mesh.seam(u) + TUCK_UNDER_TEETH * edge - edgeV);
}

/**
 * Where closed lips meet over the upper teeth in column k (face-frame v): on the biting edge as
 * the columns read it. The split a laugh's jaw opens from may lie lower, under its side teeth (see
 * lowerSplitUnderTeeth); lips pressed a share of the way down to it met low over a band of dark
 * (softui-ivana-faded: Human read them 0.13 mouth widths apart).
 */
const biteV = (ctx: Ctx, k: number) => toLocal(ctx.mesh.frame, ctx.mesh.biteLine[k]!)[1];

/** 1 over the lips, easing to 0 half a mouth width beyond them (smoothstep on an elliptic distance). */
function mouthWindow(u: number, w: number, mw: number): number {
  const e = Math.hypot(u / (0.55 * mw), w / (0.3 * mw));
  if (e <= 1) return 1;
  if (e >= 2.2) return 0;
  const t = (e - 1) / 1.2;
  return 1 - t * t * (3 - 2 * t);
}

export function tongueUp(ctx: Ctx): RigTarget {
  const { mouthWidth: mw } = ctx.mesh.frame;
  const disp = new Float64Array(ctx.n * 2);
  ctx.mesh.interiorGrid[3]!.forEach((i) => {
    const [u] = ctx.local(i);
    const [dx, dy] = ctx.image(0, -AMPLITUDE.tongueUp * mw * (0.3 + 0.7 * bump(u, mw * 0.85)));
    disp[i * 2] = dx;
    disp[i * 2 + 1] = dy;
  });
  return sparse('tongueUp', disp, [0, 1]);
}
