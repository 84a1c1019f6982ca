import { renderRigFrame, type DecodedTextures } from '../render/render-rig';
import type { Rig } from '../types';
import { INNER_LIP_RING, insideOrNear } from './inner-lip-polygon';
import { sampledPoses } from './poses';

export interface GeometryQuality {
  /** PSNR of the rest frame against the photo crop inside the face box, dB (Infinity when identical). */
  restPsnrDb: number;
  /** Most pixels any sampled pose draws with a mouth layer outside its inner lip polygon (1 px of antialiasing allowed). */
  interiorOutsideLipsPx: number;
  /** Most face-box pixels any sampled pose leaves uncovered by every layer. */
  holesPx: number;
}

/** The geometric checks of a rig, on the product's own CPU renderer, over every sampled pose. */
export function geometryQuality(rig: Rig, textures: DecodedTextures, photoTexture = 'face.png'): GeometryQuality {
  const photo = textures.get(photoTexture);
  if (!photo) throw new Error(`texture ${photoTexture} missing`);
  const mouthLayers = new Set(rig.layers.flatMap((l, i) => (l.name.startsWith('mouth-') ? [i + 1] : [])));
  const box = rig.face.box;
  const x0 = Math.max(0, box.x), y0 = Math.max(0, box.y);
  const x1 = Math.min(rig.width, box.x + box.width), y1 = Math.min(rig.height, box.y + box.height);
  let restPsnrDb = Infinity, interiorOutsideLipsPx = 0, holesPx = 0;
  for (const { label, weights } of sampledPoses(rig)) {
    const frame = renderRigFrame(rig, textures, weights, { coverageOnly: label !== 'rest' });
    const poly = INNER_LIP_RING.map((i) => [frame.positions[i * 2]!, frame.positions[i * 2 + 1]!] as const);
    let outside = 0, holes = 0, squared = 0, samples = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const p = y * rig.width + x;
        const layer = frame.layerOf[p]!;
        if (layer === 0) holes++;
        else if (mouthLayers.has(layer) && !insideOrNear(poly, x + 0.5, y + 0.5, 1)) outside++;
        if (label === 'rest') {
          for (let c = 0; c < 3; c++) { const d = frame.image.data[p * 4 + c]! - photo.data[p * 4 + c]!; squared += d * d; samples++; }
        }
      }
    }
    // The whole portrait counts for holes too: a hole at the frame's edge shows the page behind.
    for (let p = 0; p < frame.layerOf.length; p++) {
      const x = p % rig.width, y = (p - x) / rig.width;
      if (frame.layerOf[p] === 0 && (x < x0 || x >= x1 || y < y0 || y >= y1)) holes++;
    }
    if (label === 'rest') restPsnrDb = squared === 0 ? Infinity : 10 * Math.log10((255 * 255 * samples) / squared);
    interiorOutsideLipsPx = Math.max(interiorOutsideLipsPx, outside);
    holesPx = Math.max(holesPx, holes);
  }
  return { restPsnrDb, interiorOutsideLipsPx, holesPx };
}
