import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyseFace } from './analyse-face';
import { listCorpusPhotos } from './corpus';
import type { MeshPoint } from './types';

const LIP_POINTS = [13, 14, 78, 308, 61, 291, 0, 17, 82, 87, 312, 317];

async function meshOf(id: string): Promise<{ mesh: MeshPoint[]; width: number; height: number }> {
  const photo = readFileSync(listCorpusPhotos({ derived: true }).find((p) => p.id === id)!.file);
  const { width, height } = await sharp(photo).metadata();
  const face = await analyseFace(photo, { checkRange: false });
  if (!face.ok) throw new Error(`${id}: no face`);
  return { mesh: face.mesh, width: width!, height: height! };
}

describe('a tilted head', () => {
  it('gets the mesh of the same photo held upright', { timeout: 60_000 }, async () => {
    // The corpus's turned copies are the photo rotated about its centre (canvas enlarged). Human's
    // mesh on md-team-1 turned 30 degrees clockwise lay 0.034 eye spans from the upright photo's
    // (lips 0.047); from a refining crop turned upright, 0.010 (lips 0.013).
    const upright = await meshOf('md-team-1');
    for (const [id, deg] of [['md-team-1-rot+30', 30], ['md-team-1-rot-30', -30]] as const) {
      const turned = await meshOf(id);
      const t = (-deg * Math.PI) / 180, cos = Math.cos(t), sin = Math.sin(t);
      const back = (p: MeshPoint): [number, number] => {
        const x = p[0] - turned.width / 2, y = p[1] - turned.height / 2;
        return [upright.width / 2 + cos * x - sin * y, upright.height / 2 + sin * x + cos * y];
      };
      const eyeSpan = Math.hypot(upright.mesh[263]![0] - upright.mesh[33]![0], upright.mesh[263]![1] - upright.mesh[33]![1]);
      const apart = (points: number[]) => points.reduce((sum, i) => {
        const [x, y] = back(turned.mesh[i]!);
        return sum + Math.hypot(x - upright.mesh[i]![0], y - upright.mesh[i]![1]);
      }, 0) / points.length / eyeSpan;
      const everyPoint = Array.from({ length: 468 }, (_, i) => i);
      expect({ id, mesh: apart(everyPoint) < 0.02, lips: apart(LIP_POINTS) < 0.02 }).toEqual({ id, mesh: true, lips: true });
    }
  });
});
