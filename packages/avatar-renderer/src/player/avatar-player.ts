import { evaluateRig } from '@avatar-factory/avatar-rig';
import type { Rig } from '@avatar-factory/avatar-rig';
import { createAnimator } from '../animation/animator';
import type { SpeechTimeline, VisemeEvent } from '../animation/speech-types';
import { AudioSpeaker, type Playback } from './audio-speaker';
import type { BackendKind, RenderBackend } from './backend';
import { createCanvas2dBackend } from './canvas2d-backend';
import { backingSize, letterbox } from './layout';
import { createWebGl2Backend, probeWebGl2 } from './webgl2-backend';

export interface AvatarPlayerOptions {
  canvas: HTMLCanvasElement;
  rig: Rig;
  /** Layer textures keyed by the layer's texture file name (see loadRigBundle). */
  textures: Record<string, TexImageSource>;
  /** 'auto' (default) uses WebGL2 and falls back to Canvas 2D; naming a backend makes it required. */
  renderer?: 'webgl2' | 'canvas2d' | 'auto';
  lipsync: boolean;
  /** Seed of the idle animation (blinks, head motion). */
  seed?: number;
  /** Share an AudioContext (else one is made on the first speak() and closed by destroy()). */
  audioContext?: AudioContext;
  /** Keep WebGL's drawing buffer readable after compositing (tests, snapshots). */
  preserveDrawingBuffer?: boolean;
}

export interface SpeakRequest {
  /** Audio file bytes in any format the browser decodes (the server sends WAV). */
  audio: ArrayBuffer;
  /** Viseme timeline, ms from the start of the audio. */
  visemes: readonly VisemeEvent[];
}

export interface AvatarPlayer {
  /** Plays the audio with lip sync; resolves when the audio ends (or is stopped). */
  speak(request: SpeakRequest): Promise<void>;
  stop(): void;
  setLipsync(on: boolean): void;
  destroy(): void;
  readonly backend: BackendKind;
}

/**
 * The live avatar: a requestAnimationFrame loop that asks the animator for target weights, evaluates
 * the rig into one preallocated array and draws its view, letterboxed at the device pixel ratio. The loop
 * sleeps while the document is hidden; speech time comes from the audio clock.
 */
export function createAvatarPlayer(options: AvatarPlayerOptions): AvatarPlayer {
  const { canvas, rig } = options;
  const backend = createBackend(options);
  const animator = createAnimator({ rig, seed: options.seed, lipsync: options.lipsync });
  const speaker = new AudioSpeaker(options.audioContext);
  const positions = new Float32Array(rig.vertices.length);
  const origin = performance.now();
  let frameRequest = 0;
  let destroyed = false;
  let playback: Playback | undefined;
  let speech: SpeechTimeline | undefined;
  let generation = 0;

  const frame = () => {
    frameRequest = 0;
    if (destroyed) return;
    const now = performance.now() - origin;
    const cssWidth = canvas.clientWidth || canvas.width;
    const cssHeight = canvas.clientHeight || canvas.height;
    const size = canvas.clientWidth ? backingSize(cssWidth, cssHeight, window.devicePixelRatio) : { width: canvas.width, height: canvas.height };
    if (canvas.width !== size.width || canvas.height !== size.height) {
      canvas.width = size.width;
      canvas.height = size.height;
    }
    if (speech && playback) speech.startMs = now - playback.elapsedMs();
    const weights = animator.weightsAt(now, speech);
    evaluateRig(rig, weights, positions);
    backend.draw(positions, letterbox(canvas.width, canvas.height, rig.width, rig.height, rig.view));
    schedule();
  };
  const schedule = () => {
    if (!destroyed && !frameRequest && document.visibilityState !== 'hidden') frameRequest = requestAnimationFrame(frame);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden' && frameRequest) {
      cancelAnimationFrame(frameRequest);
      frameRequest = 0;
    } else schedule();
  };
  document.addEventListener('visibilitychange', onVisibility);
  schedule();

  const stop = () => {
    playback?.stop();
  };

  return {
    get backend() {
      return backend.kind;
    },
    async speak({ audio, visemes }: SpeakRequest) {
      if (destroyed) throw new Error('the player is destroyed');
      stop();
      const mine = ++generation;
      let started: Playback;
      try {
        started = await speaker.play(audio);
      } catch (error) {
        // destroy() closed the audio context under the decoder: nothing to play, nothing failed.
        if (destroyed) return;
        throw error;
      }
      if (destroyed || mine !== generation) {
        // destroy() or a newer speak() came while decoding: this one never plays.
        started.stop();
        return;
      }
      playback = started;
      speech = { startMs: performance.now() - origin - started.elapsedMs(), visemes, envelope: started.envelope };
      await started.ended;
      if (playback === started) {
        playback = undefined;
        speech = undefined;
      }
    },
    stop,
    setLipsync(on: boolean) {
      animator.setLipsync(on);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      generation++;
      stop();
      if (frameRequest) cancelAnimationFrame(frameRequest);
      frameRequest = 0;
      document.removeEventListener('visibilitychange', onVisibility);
      backend.destroy();
      void speaker.close();
    },
  };
}

function createBackend(options: AvatarPlayerOptions): RenderBackend {
  const { canvas, rig, textures } = options;
  const choice = options.renderer ?? 'auto';
  if (choice === 'canvas2d') return createCanvas2dBackend(canvas, rig, textures);
  if (choice === 'webgl2') return createWebGl2Backend(canvas, rig, textures, { preserveDrawingBuffer: options.preserveDrawingBuffer });
  if (probeWebGl2(rig, textures)) {
    try {
      return createWebGl2Backend(canvas, rig, textures, { preserveDrawingBuffer: options.preserveDrawingBuffer });
    } catch (error) {
      // The canvas may now hold a dead WebGL context; a 2D context below would then fail loudly.
      console.warn('WebGL2 renderer failed, falling back to Canvas 2D', error);
    }
  }
  return createCanvas2dBackend(canvas, rig, textures);
}
