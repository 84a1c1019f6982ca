import sharp from 'sharp';
import type { Rig, RigRegion, RigTarget, RigTargetName } from '../types';
import type { BuiltRig } from './build-rig';

/** Targets that swap with the mirror: the subject's left eye shows where the right one was. */
const SWAPPED: Partial<Record<RigTargetName, RigTargetName>> = { blinkLeft: 'blinkRight', blinkRight: 'blinkLeft' };
/** Targets whose motion the mirror turns the other way (a turn to the image's left becomes one to its right): their sign is kept by negating them. */
const REVERSED = new Set<RigTargetName>(['headYaw', 'headRoll']);

/**
 * The rig of a photo built from that photo mirrored left-right, turned back into the photo's own:
 * every position and horizontal motion mirrored, every texture flopped (with its u coordinates),
 * the eyes' targets and regions swapped, and the head's turn and tilt negated so that a weight
 * turns it the way it turns any rig. Used where Human finds the face only in the mirrored photo
 * (its detector is not symmetric); drawn, the result is the mirror image of the mirrored rig's.
 */
export async function mirrorRig({ rig, textures }: BuiltRig): Promise<BuiltRig> {
  const x = (v: number) => rig.width - v;
  const region = (r: RigRegion): RigRegion => ({ ...r, x: rig.width - r.x - r.width });
  const target = (t: RigTarget): RigTarget => {
    const sign = REVERSED.has(t.name) ? -1 : 1;
    return {
      ...t,
      name: SWAPPED[t.name] ?? t.name,
      min: sign > 0 ? t.min : -t.max,
      max: sign > 0 ? t.max : -t.min,
      deltas: t.deltas.map((d, i) => (i % 2 === 0 ? -d : d) * sign),
    };
  };
  const mirrored: Rig = {
    ...rig,
    vertices: rig.vertices.map((v, i) => (i % 2 === 0 ? x(v) : v)),
    layers: rig.layers.map((layer) => ({ ...layer, uvs: layer.uvs.map((v, i) => (i % 2 === 0 ? 1 - v : v)) })),
    targets: rig.targets.map(target),
    ...(rig.view ? { view: region(rig.view) } : {}),
    face: { box: region(rig.face.box), mouth: region(rig.face.mouth), leftEye: region(rig.face.rightEye), rightEye: region(rig.face.leftEye) },
  };
  const flopped = await Promise.all(Object.entries(textures).map(async ([name, png]) => [name, await sharp(png).flop().png().toBuffer()] as const));
  return { rig: mirrored, textures: Object.fromEntries(flopped) };
}
