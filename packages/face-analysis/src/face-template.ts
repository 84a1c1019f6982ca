import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Vec3 } from './head-pose';

/**
 * The 3D face the head pose is fitted to: the mean of the 468-point meshes of several frontal
 * corpus photos, each turned upright and scaled to a chin-forehead height of 1, with Human's depth
 * multiplied by `zScale` (Human leaves depth in its model's input units). Made by
 * `npx tsx packages/face-analysis/scripts/make-face-template.ts`, which also measures zScale.
 */
export interface FaceTemplateFile { zScale: number; sources: string[]; points: Vec3[] }

export const faceTemplateFile = path.join(import.meta.dirname, 'face-template.json');

let cached: Vec3[] | null = null;

export function faceTemplate(): Vec3[] {
  cached ??= (JSON.parse(readFileSync(faceTemplateFile, 'utf8')) as FaceTemplateFile).points;
  return cached;
}
