import sharp, { type OverlayOptions } from 'sharp';
import { visemeWeightsToTargets } from '../evaluate';
import { renderRigRgba, type DecodedTextures } from '../render/render-rig';
import { shownRegion } from '../shown-region';
import type { Rig, RigRegion, RigWeights } from '../types';

const TILE = 220;
const LABEL = 22;

/** The frames a contact sheet shows, in order. */
export function sheetPoses(rig: Rig): Array<{ label: string; weights: RigWeights }> {
  const yaw = rig.targets.find((t) => t.name === 'headYaw');
  return [
    { label: 'rest', weights: {} },
    ...(['aa', 'E', 'I', 'O', 'U', 'PP', 'FF'] as const).map((v) => ({ label: v, weights: visemeWeightsToTargets(rig, { [v]: 1 }) })),
    { label: 'blink', weights: { blinkLeft: 1, blinkRight: 1 } },
    { label: 'turned left', weights: { headYaw: yaw?.min ?? -1 } },
    { label: 'turned right', weights: { headYaw: yaw?.max ?? 1 } },
  ];
}

/** A square about `r`, `scale` times its larger side, within what players show of the rig (its view). */
function squareAround(r: RigRegion, scale: number, rig: Rig) {
  const shown = shownRegion(rig);
  const side = Math.min(shown.width, shown.height, Math.round(Math.max(r.width, r.height) * scale));
  const left = Math.max(shown.x, Math.min(shown.x + shown.width - side, Math.round(r.x + r.width / 2 - side / 2)));
  const top = Math.max(shown.y, Math.min(shown.y + shown.height - side, Math.round(r.y + r.height / 2 - side / 2)));
  return { left, top, width: side, height: side };
}

const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One PNG per photo: every sheet pose rendered by the product's CPU renderer, a row zoomed on the
 * face and a row zoomed on the mouth (within the rig's view, as players show it), each tile
 * labelled; `title` heads the sheet.
 */
export async function contactSheet(rig: Rig, textures: DecodedTextures, title: string): Promise<Buffer> {
  const poses = sheetPoses(rig);
  const faceArea = squareAround(rig.face.box, 1.25, rig);
  const mouthArea = squareAround(rig.face.mouth, 1.6, rig);
  const tiles: OverlayOptions[] = [];
  for (const [k, pose] of poses.entries()) {
    const frame = renderRigRgba(rig, textures, pose.weights);
    const raw = sharp(Buffer.from(frame.data), { raw: { width: frame.width, height: frame.height, channels: 4 } });
    const left = k * TILE;
    tiles.push(
      { input: await raw.clone().extract(faceArea).resize(TILE, TILE).png().toBuffer(), left, top: LABEL * 2 },
      { input: await raw.clone().extract(mouthArea).resize(TILE, TILE).png().toBuffer(), left, top: LABEL * 2 + TILE },
      { input: Buffer.from(`<svg width="${TILE}" height="${LABEL}"><text x="6" y="16" font-size="15" font-family="sans-serif" fill="#fff">${escapeXml(pose.label)}</text></svg>`), left, top: LABEL },
    );
  }
  const width = TILE * poses.length;
  tiles.push({ input: Buffer.from(`<svg width="${width}" height="${LABEL}"><text x="6" y="16" font-size="15" font-family="sans-serif" font-weight="bold" fill="#fff">${escapeXml(title)}</text></svg>`), left: 0, top: 0 });
  return sharp({ create: { width, height: LABEL * 2 + TILE * 2, channels: 3, background: '#222' } }).composite(tiles).png().toBuffer();
}
