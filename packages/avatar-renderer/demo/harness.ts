/**
 * Browser harness for the renderer: loads a rig bundle from `?rig=<base url>` (default ./rig), plays
 * `?speech=<base>` (.wav + .json viseme timeline) on the Speak button, with `?renderer=`. Exposes
 * `window.harness` for the browser test and for poking at it by hand. `?webgl=gpu` makes the pose
 * canvases draw with a GPU's WebGL2 settings (depth buffer, multisampling) even on a CPU rasteriser.
 */
import { evaluateRig } from '@avatar-factory/avatar-rig';
import type { RigWeights } from '@avatar-factory/avatar-rig';
import { createAvatarPlayer, type AvatarPlayer } from '../src/player/avatar-player';
import { createCanvas2dBackend } from '../src/player/canvas2d-backend';
import { letterbox } from '../src/player/layout';
import { loadRigBundle } from '../src/player/load-rig-bundle';
import { createWebGl2Backend } from '../src/player/webgl2-backend';
import type { VisemeEvent } from '../src/animation/speech-types';

const params = new URLSearchParams(location.search);
const renderer = (params.get('renderer') ?? 'auto') as 'webgl2' | 'canvas2d' | 'auto';
const webglSoftware = params.get('webgl') === 'gpu' ? false : undefined;
const status = document.getElementById('status')!;
const canvas = document.getElementById('avatar') as HTMLCanvasElement;
const lipsyncBox = document.getElementById('lipsync') as HTMLInputElement;
lipsyncBox.checked = params.get('lipsync') !== 'off';

interface Harness {
  ready: boolean;
  backend?: string;
  error?: string;
  speaking: boolean;
  spokenMs?: number;
  player?: AvatarPlayer;
  /** The rig's mouth box in CSS pixels relative to the avatar canvas. */
  mouthRect?: { x: number; y: number; width: number; height: number };
  /** Draws fixed poses into small canvases (for screenshots) and returns them. */
  drawPoses(poses: Record<string, RigWeights>): string[];
  /**
   * Samples the avatar canvas's mouth region after every drawn frame, against the frame at the call:
   * the largest mean |RGB difference| (0-255) and the most dark-cavity pixels seen, and frames sampled.
   */
  watchMouth(): void;
  mouthStats(): { frames: number; maxDiff: number; maxCavity: number };
  /**
   * Mean time of one frame (evaluate + draw) drawn to completion on a width x height canvas (400 x
   * 500 unless given). 'webgl2-msaa': WebGL2 with a GPU's settings (4x multisampling, trilinear)
   * even on a CPU rasteriser.
   */
  benchDraw(kind: 'webgl2' | 'webgl2-msaa' | 'canvas2d' | 'canvas2d-clip', frames: number, width?: number, height?: number): number;
}

const harness: Harness = {
  ready: false, speaking: false, drawPoses: () => [], benchDraw: () => NaN, watchMouth: () => {}, mouthStats: () => ({ frames: 0, maxDiff: 0, maxCavity: 0 }),
};
(window as unknown as { harness: Harness }).harness = harness;

async function main() {
  const bundle = await loadRigBundle(new URL(params.get('rig') ?? './rig', location.href).href);
  const speechBase = new URL(params.get('speech') ?? './speech', location.href).href;
  const [audio, visemes] = await Promise.all([
    fetch(`${speechBase}.wav`).then((r) => r.arrayBuffer()),
    fetch(`${speechBase}.json`).then((r) => r.json() as Promise<VisemeEvent[]>),
  ]);
  const player = createAvatarPlayer({ canvas, rig: bundle.rig, textures: bundle.textures, renderer, lipsync: lipsyncBox.checked, seed: 5 });
  harness.player = player;
  harness.backend = player.backend;
  const view = letterbox(canvas.clientWidth, canvas.clientHeight, bundle.rig.width, bundle.rig.height, bundle.rig.view);
  const mouth = bundle.rig.face.mouth;
  harness.mouthRect = { x: view.x + mouth.x * view.scale, y: view.y + mouth.y * view.scale, width: mouth.width * view.scale, height: mouth.height * view.scale };

  lipsyncBox.addEventListener('change', () => player.setLipsync(lipsyncBox.checked));
  document.getElementById('speak')!.addEventListener('click', () => {
    const started = performance.now();
    harness.speaking = true;
    status.textContent = 'speaking';
    player.speak({ audio, visemes }).then(() => {
      harness.speaking = false;
      harness.spokenMs = performance.now() - started;
      status.textContent = 'done';
    }, (error: unknown) => {
      harness.error = String(error);
      status.textContent = `error: ${String(error)}`;
    });
  });

  let stats = { frames: 0, maxDiff: 0, maxCavity: 0 };
  let watching = 0;
  harness.mouthStats = () => ({ ...stats });
  harness.watchMouth = () => {
    cancelAnimationFrame(watching);
    const rect = harness.mouthRect!;
    const dpr = canvas.width / canvas.clientWidth;
    const [sx, sy, sw, sh] = [rect.x, rect.y, rect.width, rect.height].map((v) => Math.round(v * dpr)) as [number, number, number, number];
    const scratch = document.createElement('canvas');
    Object.assign(scratch, { width: sw, height: sh });
    const ctx = scratch.getContext('2d', { willReadFrequently: true })!;
    const grab = () => {
      ctx.clearRect(0, 0, sw, sh);
      ctx.drawImage(canvas, sx, sy, sw, sh, 0, 0, sw, sh);
      return ctx.getImageData(0, 0, sw, sh).data;
    };
    stats = { frames: 0, maxDiff: 0, maxCavity: 0 };
    let rest: Uint8ClampedArray | undefined;
    // Registered after the player's own frame callback, so each run reads the frame just drawn
    // (a WebGL drawing buffer is readable until it is composited).
    const sample = () => {
      const pixels = grab();
      rest ??= pixels;
      let diff = 0;
      let cavity = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        diff += Math.abs(pixels[i]! - rest[i]!) + Math.abs(pixels[i + 1]! - rest[i + 1]!) + Math.abs(pixels[i + 2]! - rest[i + 2]!);
        if (Math.max(pixels[i]!, pixels[i + 1]!, pixels[i + 2]!) < 70) cavity++;
      }
      stats.frames++;
      stats.maxDiff = Math.max(stats.maxDiff, diff / ((pixels.length / 4) * 3));
      stats.maxCavity = Math.max(stats.maxCavity, cavity);
      watching = requestAnimationFrame(sample);
    };
    watching = requestAnimationFrame(sample);
  };

  harness.drawPoses = (poses) => {
    const holder = document.getElementById('poses')!;
    holder.replaceChildren();
    return Object.entries(poses).map(([name, weights]) => {
      const pose = document.createElement('canvas');
      pose.id = `pose-${name}`;
      holder.append(pose);
      pose.width = pose.clientWidth * devicePixelRatio;
      pose.height = pose.clientHeight * devicePixelRatio;
      const backend = player.backend === 'webgl2'
        ? createWebGl2Backend(pose, bundle.rig, bundle.textures, { preserveDrawingBuffer: true, software: webglSoftware })
        : createCanvas2dBackend(pose, bundle.rig, bundle.textures);
      backend.draw(evaluateRig(bundle.rig, weights), letterbox(pose.width, pose.height, bundle.rig.width, bundle.rig.height, bundle.rig.view));
      return pose.id;
    });
  };

  harness.benchDraw = (kind, frames, width = 400, height = 500) => {
    const scratch = document.createElement('canvas');
    scratch.width = width;
    scratch.height = height;
    const webgl = kind === 'webgl2' || kind === 'webgl2-msaa';
    const backend = webgl
      ? createWebGl2Backend(scratch, bundle.rig, bundle.textures, kind === 'webgl2-msaa' ? { software: false } : {})
      : createCanvas2dBackend(scratch, bundle.rig, bundle.textures, { method: kind === 'canvas2d' ? 'pattern' : 'clip' });
    const positions = new Float32Array(bundle.rig.vertices.length);
    const view = letterbox(width, height, bundle.rig.width, bundle.rig.height, bundle.rig.view);
    const gl = webgl ? scratch.getContext('webgl2') : null;
    const ctx2d = !webgl ? scratch.getContext('2d') : null;
    const pixel = new Uint8Array(4);
    const started = performance.now();
    for (let f = 0; f < frames; f++) {
      evaluateRig(bundle.rig, { jawOpen: (f % 20) / 20, breath: 0.5 }, positions);
      backend.draw(positions, view);
      // Reading a pixel waits for the rasteriser (GPU or deferred 2D), so frames are timed to completion.
      gl?.readPixels(width >> 1, height >> 1, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      ctx2d?.getImageData(width >> 1, height >> 1, 1, 1);
    }
    const perFrame = (performance.now() - started) / frames;
    backend.destroy();
    return perFrame;
  };

  harness.ready = true;
  status.textContent = `ready (${player.backend})`;
}

main().catch((error: unknown) => {
  harness.error = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
  status.textContent = `error: ${harness.error}`;
});
