// Builds src/face-template.json, the 3D face the head pose is fitted to (see head-pose.ts), from
// frontal corpus photos. Run after `node scripts/fetch-face-corpus.mjs`:
//   node --import tsx packages/face-analysis/scripts/make-face-template.ts
// Human's mesh depth is in its model's input units, not pixels. Its scale is measured here: for the
// right scale a rigid face explains every corpus photo's 2D points with a rotation, so the two rows of
// the fitted projection come out orthogonal and of equal length. The scale with the smallest median
// departure from that, over all corpus photos, is kept.
import { readFileSync, writeFileSync } from 'node:fs';
import { analyseFace } from '../src/analyse-face';
import { listCorpusPhotos } from '../src/corpus';
import { faceTemplateFile, type FaceTemplateFile } from '../src/face-template';
import { projectionDeparture, type Vec3 } from '../src/head-pose';
import type { MeshPoint } from '../src/types';

/** Photos facing the camera, several people; their mean shape is the template. */
const FRONTAL = ['md-team-1', 'matplotlib-grace-hopper', 'mk-marc', 'clm-franck-04117', 'resume-profile', 'skimage-astronaut', 'clm-seanconnery', 'clm-cage', 'md-ivana-square', 'md-team-4'];

const photos = listCorpusPhotos();
const meshes = new Map<string, MeshPoint[]>();
for (const photo of photos) {
  const result = await analyseFace(readFileSync(photo.file), { checkRange: false });
  if (result.ok) meshes.set(photo.id, result.mesh.slice(0, 468));
}

function template(zScale: number): Vec3[] {
  const sum: Vec3[] = Array.from({ length: 468 }, () => [0, 0, 0]);
  for (const id of FRONTAL) {
    const m = meshes.get(id);
    if (!m) throw new Error(`frontal photo ${id} has no face`);
    const [top, chin] = [m[10]!, m[152]!];
    const angle = Math.atan2(chin[0] - top[0], chin[1] - top[1]);
    const height = Math.hypot(chin[0] - top[0], chin[1] - top[1]);
    const c = [0, 1, 2].map((k) => m.reduce((s, p) => s + p[k]!, 0) / m.length);
    m.forEach((p, i) => {
      const x = p[0] - c[0]!, y = p[1] - c[1]!;
      sum[i]![0] += (Math.cos(angle) * x - Math.sin(angle) * y) / height;
      sum[i]![1] += (Math.sin(angle) * x + Math.cos(angle) * y) / height;
      sum[i]![2] += (zScale * (p[2] - c[2]!)) / height;
    });
  }
  return sum.map((p) => p.map((v) => Math.round((v / FRONTAL.length) * 1e5) / 1e5) as Vec3);
}

let best = { zScale: 0, median: Infinity };
for (let zScale = 1; zScale <= 3.5; zScale += 0.1) {
  const t = template(zScale);
  const departures = [...meshes.values()].map((m) => projectionDeparture(m, t)).sort((a, b) => a - b);
  const median = departures[departures.length >> 1]!;
  if (median < best.median) best = { zScale: Math.round(zScale * 10) / 10, median };
}
const file: FaceTemplateFile = { zScale: best.zScale, sources: FRONTAL, points: template(best.zScale) };
writeFileSync(faceTemplateFile, JSON.stringify(file) + '\n');
console.log(`zScale ${best.zScale} (median departure ${best.median.toFixed(4)} over ${meshes.size} faces), from ${FRONTAL.length} frontal photos -> ${faceTemplateFile}`);
