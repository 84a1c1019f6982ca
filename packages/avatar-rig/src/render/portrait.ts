import sharp from 'sharp';
import type { Rig, RigLayer, RigRegion } from '../types';
import { renderRigPng } from './render-rig';

/** How far (portrait pixels) a face-layer UV may lie from its vertex's rest position: UVs are stored to 6 decimals, positions to 4. */
const UV_TOLERANCE_PX = 1e-3;

/**
 * The avatar's portrait: its rest frame, as a PNG. A rig whose face layer lays its texture on the
 * frame unchanged at rest (the texture the rig's size, every UV its vertex's rest position over
 * that size, as the rig builder and mirrorRig make them) shows that texture and nothing else at
 * rest: the face layer covers the frame, over the mouth's layers, and the lips' lining has no area.
 * Its PNG is then the portrait, pixel for pixel what the CPU renderer drew in 70-370 ms (512-1024 px
 * portraits, 2026-11-29). Any other rig is rendered. Either is cut to the rig's view, when it has one.
 */
export async function portraitPng(rig: Rig, textures: Record<string, Buffer>): Promise<Buffer> {
  const face = rig.layers.find((layer) => layer.name === 'face');
  const png = face ? textures[face.texture] : undefined;
  const rest = face && png && (await laysTextureUnchanged(rig, face, png)) ? png : await renderRigPng(rig, textures);
  return rig.view ? shown(rest, rig.view) : rest;
}

/** The part of the portrait that players show (the rig's view). */
function shown(png: Buffer, view: RigRegion): Promise<Buffer> {
  return sharp(png).extract({ left: view.x, top: view.y, width: view.width, height: view.height }).png().toBuffer();
}

/** Whether every vertex of the layer's triangles has its rest position, over the rig's size, as its UV, on a texture the rig's size. */
async function laysTextureUnchanged(rig: Rig, layer: RigLayer, png: Buffer): Promise<boolean> {
  const { width, height } = await sharp(png).metadata();
  if (width !== rig.width || height !== rig.height) return false;
  const near = (uv: number | undefined, size: number, position: number | undefined) => uv !== undefined && position !== undefined && Math.abs(uv * size - position) <= UV_TOLERANCE_PX;
  return layer.triangles.every((i) => near(layer.uvs[i * 2], rig.width, rig.vertices[i * 2]) && near(layer.uvs[i * 2 + 1], rig.height, rig.vertices[i * 2 + 1]));
}
