import { analyseFace, faceMeshTriangulation, type FaceAnalysis } from '@avatar-factory/face-analysis';
import sharp from 'sharp';
import { RIG_FORMAT, RIG_VERSION, type Rig, type RigRegion, type RigTargetName, type RigWeights } from '../types';
import { roundTo } from '../geometry/round';
import { relieveFolds } from '../geometry/fold-relief';
import { coarsenLayer } from '../geometry/coarsen';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT, LOWER_INNER, LOWER_LIP, UPPER_LIP, CHEEK_IMAGE_LEFT, CHEEK_IMAGE_RIGHT, type EyeLandmarks } from './landmarks';
import { edgeBlurSigma } from './photo-blur';
import { upperLipOffTheTeeth } from './upper-lip-on-teeth';
import { blackLevel } from './black-level';
import { addLidLining, LID_LINING_TEXTURE } from './lid-lining';
import { addLipLining, LINING_TEXTURE } from './lip-lining';
import { INTERIOR_TEXTURE_SIZE, luma, meanOf, openingDark, openingPixels, openingTeeth, paintMouthInterior, sampleColour, type Rgb, type SeamColour } from './mouth-interior-texture';
import { INNER_LIP_RING } from '../quality/inner-lip-polygon';
import { portraitCrop } from './portrait-crop';
import { buildRigMesh, INTERIOR_HALF_WIDTH, type RigMesh } from './rig-mesh';
import { refineInnerLips } from './lip-refine';
import { refineEyes } from './eye-refine';
import { refineLids } from './lid-refine';
import { upperLidMargins } from './lid-margin';
import { refineLowerLipEdge } from './lower-lip-edge';
import { buildTargets, jawDrop } from './targets';
import { mouthCovered } from './covered-mouth';
import { partedInMiddle, VISEME_TABLE, visemeTable } from './visemes';

export const FACE_TEXTURE = 'face.png';
export const MOUTH_TEXTURE = 'mouth-interior.png';
/** The targets that move the mouth (the visemes'): a covered mouth's rig keeps them, moving nothing. */
const MOUTH_TARGETS = new Set<RigTargetName>(['jawOpen', 'lipsRound', 'lipsSpread', 'lipsPress', 'lowerLipTuck', 'tongueUp']);
/**
 * The face layer drops the vertices whose motion larger triangles reproduce within this (portrait
 * pixels at a 512 px portrait; depth too, for the depth test): 1200 triangles became 850 on
 * astronaut.png, 794 on softui-charles, 896 on clm-audrey, and a 512 px frame of the astronaut's
 * avatar in headless Chromium took 17.1 ms instead of 19.9 with Canvas 2D, 5.21 instead of 5.65 with
 * WebGL2 on SwiftShader (medians of five and six interleaved runs, 2026-12-06; see coarsenLayer).
 */
const COARSE_MOTION_PX = 0.3;
const COARSE_DEPTH_PX = 3;
/** Triangles smaller than this at rest (doubled area, px^2 at a 512 px portrait) are not judged for folds. */
const MIN_JUDGED_AREA2 = 8;
/** What gives way where a laugh's rounded visemes, pressed too, fold (see visemeTable). */
const ROUNDING: ReadonlySet<RigTargetName> = new Set(['lipsRound']);

/** Thrown when the photo has no usable face; `code` is the face analysis failure code. */
export class RigBuildError extends Error {
  constructor(readonly code: string, message: string, readonly faceCount?: number) {
    super(message);
    this.name = 'RigBuildError';
  }
}

export interface BuiltRig {
  rig: Rig;
  /** PNG files by the names the rig's layers use. */
  textures: Record<string, Buffer>;
}

/**
 * Photo -> rig v2 (docs/rig-format.md): portrait crop around the face, the lids moved onto the
 * eyes the iris model found and the inner lips refined from the image, a 2.5D mesh (face with
 * depth, rings and frame behind it, the photo's own mouth opening, a cavity), the twelve targets in
 * the face's own frame, the viseme table, and the cavity texture painted from the face's colours.
 * Pass the analysis when the caller already has it for the same image bytes. Refuses only a photo
 * without one usable face; the photo's range (turn, tilt, size) is face analysis' decision.
 */
export async function buildRig(image: Buffer, analysis?: FaceAnalysis): Promise<BuiltRig> {
  const face = analysis ?? (await analyseFace(image));
  if (!face.ok) throw new RigBuildError(face.code, face.message, face.faceCount);
  const crop = await portraitCrop(image, face);
  const size = crop.size;
  const triangulation = await faceMeshTriangulation();
  const eyes = refineEyes(crop.mesh, crop.irises, triangulation, { rgba: crop.rgba, size });
  const lids = refineLids(eyes.mesh, crop.rgba, size, crop.irises, triangulation);
  // The photo's black, read once: the lips' refinement judges a faded laugh's dark above it, and
  // the cavity is painted against it.
  const black = blackLevel(crop.rgba, size, crop.mesh);
  const inner = refineInnerLips(upperLipOffTheTeeth(lids, crop.rgba, size), crop.rgba, size, black);
  const lips = { ...inner, mesh: refineLowerLipEdge(inner.mesh, crop.rgba, size, triangulation) };
  const mesh = buildRigMesh(lips, triangulation, size, upperLidMargins(lips.mesh, crop.rgba, size));
  // Rounded once for compact JSON, before anything (targets, UVs) is derived from them.
  mesh.vertices.forEach((x, i) => { mesh.vertices[i] = roundTo(x, 4); });

  const v = mesh.vertices;
  const at = (i: number): [number, number] => [v[i * 2]!, v[i * 2 + 1]!];
  const lip = sampleColour(crop.rgba, size, [16, 15, 315, 85, 11, 12].map(at), Math.max(1, mesh.frame.mouthWidth * 0.03));
  const skin = sampleColour(crop.rgba, size, [CHEEK_IMAGE_LEFT, CHEEK_IMAGE_RIGHT].map(at), Math.max(2, mesh.frame.faceWidth * 0.04));

  const photoUvs = v.map((x) => roundTo(x / size, 6));
  const interiorUvs: number[] = [];
  for (let i = 0; i < v.length / 2; i++) {
    const uv = mesh.interiorUvs.get(i) ?? [0, 0];
    interiorUvs.push(roundTo(uv[0], 6), roundTo(uv[1], 6));
  }
  const rig: Rig = {
    format: RIG_FORMAT,
    version: RIG_VERSION,
    width: size,
    height: size,
    vertices: v,
    depth: mesh.depth.map((z) => roundTo(z, 3)),
    layers: [
      { name: 'mouth-interior', texture: MOUTH_TEXTURE, uvs: interiorUvs, triangles: mesh.interiorTriangles },
      { name: 'mouth-teeth', texture: FACE_TEXTURE, uvs: photoUvs, triangles: mesh.teethTriangles },
      { name: 'face', texture: FACE_TEXTURE, uvs: photoUvs, triangles: mesh.faceTriangles, depthTest: true },
    ],
    targets: [],
    visemes: VISEME_TABLE,
    ...(crop.view ? { view: crop.view } : {}),
    face: {
      box: regionOf(v, Array.from({ length: 468 }, (_, i) => i), 0),
      mouth: extendDown(regionOf(v, [...UPPER_LIP, ...LOWER_LIP], mesh.frame.mouthWidth * 0.1), jawDrop(mesh.frame)),
      leftEye: eyeRegion(v, EYE_IMAGE_RIGHT),
      rightEye: eyeRegion(v, EYE_IMAGE_LEFT),
    },
  };
  rig.targets = buildTargets(mesh, size);
  // Closing an open-mouthed photo's lips squeezes the thin lip triangles near the corners past
  // each other: they may fold there (the lips are shut, the depth test draws the nearer), since
  // shrinking the closure would leave the mouth open for m, b and p. So may the skin triangles
  // along the lower lip's edge (two lower-lip vertices): a laugh's lower lip rises far, and the
  // corner triangles under it folded (softui-ivana: 146-91-43, 273-321-375); shrinking the closure
  // there spread over the whole lower face, the chin stayed down and the lip below Human's thin
  // lower lip line stretched into a tall red smear (Human read the lips 0.12 apart; now 0.03).
  // Opening the jaw drops the lower lip's columns by the almond's shape, the one beside a corner far
  // less than its neighbour: a thin lip triangle spanning them may fold there (a few pixels of lip
  // at the corner); shrinking the drop instead spread over that half of the lip (md-team-1-noise:
  // its image-right half dropped 0.11 mouth widths where the left dropped 0.37, and the cavity
  // opened as a V over a streak of stretched lip).
  // Closed lids meet on a line: the triangles of the eye between them go flat, and rounding may
  // turn one inside out; so may the thin strip of the upper lid's margin over them (its lashes),
  // which comes down whole with the lid, and the skin triangle between an eye's corner and the
  // margin beside it: where the corner sits above the lower lid's end (a tilted head), the lid's
  // end column closes past it and the margin above comes down with it. Relieving those slivers'
  // folds spread over the whole lid and shrank the blink (tabler-female-3-4x: the image-right eye
  // closed 15% of the way; tabler-male-1-4x mirrored: the image-left eye 9%, a margin triangle).
  const lipVertices = new Set<number>([...UPPER_LIP, ...LOWER_LIP]);
  const lowerLipVertices = new Set<number>(LOWER_LIP);
  const margins = [[EYE_IMAGE_LEFT, mesh.upperLidMargin.imageLeft], [EYE_IMAGE_RIGHT, mesh.upperLidMargin.imageRight]] as const;
  const eyeOpenings = margins.map(([e, margin]) => new Set<number>([...e.upperLid, ...margin, ...e.lowerLid, ...e.corners]));
  const besideCorner = margins.map(([e, margin]) => ({ corners: new Set<number>(e.corners), margin: new Set<number>(margin) }));
  const t = mesh.faceTriangles;
  const inSet = (set: Set<number>, i: number) => Number(set.has(t[i]!)) + Number(set.has(t[i + 1]!)) + Number(set.has(t[i + 2]!));
  // Which triangles may fold depends on the triangle alone: found once, not at every relief round.
  const starts = Array.from({ length: t.length / 3 }, (_, k) => k * 3);
  const mayFoldClosing = new Set(starts.filter((i) => inSet(lipVertices, i) === 3 || inSet(lowerLipVertices, i) >= 2));
  const mayFoldBlinking = new Set(starts.filter((i) => eyeOpenings.some((eye) => inSet(eye, i) === 3) || besideCorner.some((eye) => inSet(eye.corners, i) > 0 && inSet(eye.margin, i) > 0)));
  const closing = (pose: RigWeights) => (pose.lipsPress ?? 0) > 0 || (pose.lowerLipTuck ?? 0) > 0;
  const blinking = (pose: RigWeights) => (pose.blinkLeft ?? 0) > 0 || (pose.blinkRight ?? 0) > 0;
  const mayFoldOpening = new Set(starts.filter((i) => inSet(lowerLipVertices, i) === 3));
  const jawOpening = (pose: RigWeights) => (pose.jawOpen ?? 0) > 0;
  // The relief judges the plain viseme table; the photo's own (a laugh's: see visemeTable) goes in
  // the rig after it. Judged with a laugh's closing in, it relieved the folds of the jaw and the
  // press combined in the press itself, and the lips closed for m, b and p as a red smear
  // (softui-ivana-rot+20: Human read no face at PP). Only where a laugh's rounded visemes fold,
  // pressed too (1-6 skin triangles by a corner at U on softui-ivana, softui-charles and their
  // copies), the rounding gives way.
  const visemes = visemeTable(partedInMiddle(mesh));
  const roundedAndPressed = Object.values(visemes).filter((w) => (w.lipsPress ?? 0) > 0 && (w.lipsRound ?? 0) > 0).map((weights) => ({ weights, relax: ROUNDING }));
  rig.targets = relieveFolds(rig, t, MIN_JUDGED_AREA2 * (size / 512) ** 2, (i, pose) =>
    (closing(pose) && mayFoldClosing.has(i)) || (blinking(pose) && mayFoldBlinking.has(i)) || (jawOpening(pose) && mayFoldOpening.has(i)), roundedAndPressed);
  rig.visemes = visemes;
  // Something over the mouth (a hand): no lips to move, and an opening would open onto it.
  if (mouthCovered(crop.rgba, size, at)) rig.targets = rig.targets.map((target) => (MOUTH_TARGETS.has(target.name) ? { ...target, indices: [], deltas: [] } : target));
  const facePng = await sharp(crop.rgba, { raw: { width: size, height: size, channels: 4 } }).png().toBuffer();
  // Only a mouth open wide shows a cavity of its own: between lips parted a little, the dark is the
  // shade of the lip line, and a cavity that dark read as less open (clm-bill-murray-snl-crop: aa
  // 0.35 -> 0.29, opencv-230501201-1 0.22 -> 0.16).
  const opening = openingPixels(crop.rgba, size, INNER_LIP_RING.map(at));
  const dark = lips.wideOpen ? openingDark(opening, lip, black) : null;
  const ownTeeth = lips.teethVisible ? openingTeeth(opening) : null;
  // A laugh's jaw takes down a lower strip that begins with the photo's dark just under the split:
  // the cavity opening above it takes those colours, and reads as that dark stretched (a cavity of
  // one colour, however well matched, drew a flat band with an edge under the upper teeth).
  const seam = lips.wideOpen && lips.teethVisible && dark ? darkUnderSplit(colourUnderSplit(mesh, crop.rgba, size), dark) : undefined;
  const photoBlur = edgeBlurSigma(crop.rgba, size, rig.face.mouth);
  const mouthPng = await paintMouthInterior(lip, skin, { paintTeeth: !lips.teethVisible, dark, ownTeeth, seam, black, blur: interiorBlur(photoBlur, mesh.frame.mouthWidth) });
  const photo = { data: crop.rgba, width: size, height: size };
  const lidLiningPng = await addLidLining(rig, mesh, photo, edgeBlurSigma(crop.rgba, size, bothEyes(rig.face.leftEye, rig.face.rightEye)));
  const liningPng = await addLipLining(rig, mesh, photo, photoBlur);
  const faceLayer = rig.layers.find((layer) => layer.name === 'face')!;
  faceLayer.triangles = coarsenLayer(rig, 'face', { motionPx: COARSE_MOTION_PX * (size / 512), depthPx: COARSE_DEPTH_PX * (size / 512) });
  return { rig, textures: { [FACE_TEXTURE]: facePng, [MOUTH_TEXTURE]: mouthPng, [LID_LINING_TEXTURE]: lidLiningPng, [LINING_TEXTURE]: liningPng } };
}

/** The box around both eyes' boxes. */
function bothEyes(a: RigRegion, b: RigRegion): RigRegion {
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** How blurred a sharp photo's edges measure (portrait pixels: lens, resampling); the painted interior is that sharp as drawn. */
const SHARP_PHOTO_SIGMA = 0.8;

/**
 * The Gaussian blur (texels) that makes the painted interior as soft as the photo around the mouth,
 * whose edges are blurred by `sigma` portrait pixels: crisp teeth and tongue in a blurred or
 * upscaled photo read as pasted on (sigma 2.4 on softui-annie-spratt, 4.3 on md-team-1-blur, 0.6-1.2
 * on sharp photos).
 */
function interiorBlur(sigma: number, mouthWidth: number): number {
  const texelsPerPixel = INTERIOR_TEXTURE_SIZE.width / (2 * INTERIOR_HALF_WIDTH * mouthWidth);
  return texelsPerPixel * Math.sqrt(Math.max(0, sigma ** 2 - SHARP_PHOTO_SIGMA ** 2));
}

/**
 * A colour under the split counts as the mouth's dark only up to this multiple of the opening's
 * dark luma (plus DARK_SEAM_MARGIN): near a corner the split may lie on a tooth or the lip (a
 * noisy or blurred photo's teeth fade into the dark over several pixels), and its colour drew a
 * light stripe down the cavity (softui-charles-noise: 237,197,191 beside a dark of luma 14; -blur:
 * 85-126 beside 25): the cavity read as a black pipe with a glossy end.
 */
const DARK_SEAM_FACTOR = 2;
const DARK_SEAM_MARGIN = 10;

/**
 * The seam colours dark enough to be the mouth's dark, each the mean of itself and its kept
 * neighbours (one colour per column, carried down the cavity, drew vertical stripes:
 * clm-franck-04117's brown dark at full 'aa'); undefined when none is.
 */
function darkUnderSplit(seam: SeamColour[], dark: Rgb): SeamColour[] | undefined {
  const kept = seam.filter((s) => luma(s.colour) <= DARK_SEAM_FACTOR * luma(dark) + DARK_SEAM_MARGIN);
  return kept.length ? kept.map((s, k) => ({ u: s.u, colour: meanOf(kept.slice(Math.max(0, k - 1), k + 2).map((n) => n.colour)) })) : undefined;
}

/**
 * How far under the split (portrait px) the photo's colour is read for the cavity, the darkest
 * read counting: the lower strip's top rows. A laugh's dark often begins with a shadow line right
 * under the teeth; read 2.5 px down only, the cavity opening between the teeth and the dropped
 * strip was lighter than that line, which then floated in the open mouth as a black crack with a
 * hook at the corner (softui-ivana at 'aa' 0.3).
 */
const UNDER_SPLIT_PX = [1, 1.75, 2.5];

/** The photo's darkest colour just under each split point, read towards the lower inner lip, by across-position in mouth widths. */
function colourUnderSplit(mesh: RigMesh, rgba: Buffer, size: number): SeamColour[] {
  const v = mesh.vertices;
  // A closed column has no way down of its own: the face's.
  const [ex, ey] = [mesh.frame.ey[0], mesh.frame.ey[1]];
  const frameDown = [ex / Math.hypot(ex, ey), ey / Math.hypot(ex, ey)];
  return mesh.splitUpper.map((i, k) => {
    const [x, y] = [v[i * 2]!, v[i * 2 + 1]!];
    const lower = LOWER_INNER[k]!;
    const [dx, dy] = [v[lower * 2]! - x, v[lower * 2 + 1]! - y];
    const d = Math.hypot(dx, dy);
    const down = d > 1 ? [dx / d, dy / d] : frameDown;
    const colours = UNDER_SPLIT_PX.map((px) => sampleColour(rgba, size, [[x + down[0]! * px, y + down[1]! * px]], 1.2));
    return { u: mesh.local[i]![0] / mesh.frame.mouthWidth, colour: colours.reduce((a, b) => (luma(b) < luma(a) ? b : a)) };
  }).sort((a, b) => a.u - b.u);
}

function regionOf(v: number[], idx: readonly number[], pad: number): RigRegion {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const i of idx) {
    x0 = Math.min(x0, v[i * 2]!); x1 = Math.max(x1, v[i * 2]!);
    y0 = Math.min(y0, v[i * 2 + 1]!); y1 = Math.max(y1, v[i * 2 + 1]!);
  }
  return { x: Math.round(x0 - pad), y: Math.round(y0 - pad), width: Math.round(x1 - x0 + 2 * pad), height: Math.round(y1 - y0 + 2 * pad) };
}

function extendDown(r: RigRegion, by: number): RigRegion {
  return { ...r, height: Math.round(r.height + by) };
}

function eyeRegion(v: number[], eye: EyeLandmarks): RigRegion {
  const idx = [...eye.upperLid, ...eye.lowerLid, ...eye.corners];
  const width = Math.abs(v[eye.corners[0] * 2]! - v[eye.corners[1] * 2]!);
  return regionOf(v, idx, width * 0.1);
}
