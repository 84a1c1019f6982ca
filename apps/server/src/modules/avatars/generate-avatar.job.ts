import type { FaceFailure, FaceFailureCode } from '@avatar-factory/face-analysis';
import { RigBuildError } from '@avatar-factory/avatar-rig/node';
import type { SpeechEngine } from '@avatar-factory/speech';
import type { AvatarPipeline } from '../../engines/avatar-pipeline';
import { toSpeechResponse } from '../../engines/speech-output';
import type { JobContext, JobHandler } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import type { VoiceResolver } from '../speech/voice-resolver';
import { avatarFiles } from './avatar-files';
import type { AvatarsRepository } from './avatars.repository';

export interface GenerateAvatarDeps {
  avatars: AvatarsRepository;
  storage: Storage;
  pipeline: AvatarPipeline;
  speech: Pick<SpeechEngine, 'synthesize'>;
  voices: VoiceResolver;
}

/**
 * Messages a person can act on, for face analysis failures. Out of range (size, cut-off, turn,
 * tilt, nod) the analysis' own sentence names the measured value and the limit, e.g. "The face is
 * turned 38 degrees to the side; up to 30 works."
 */
function faceFailureMessage(failure: Pick<FaceFailure, 'code' | 'message' | 'faceCount'>): string {
  if (failure.code === 'no_face') return 'No face was found in the photo. Please upload a clear, front-facing portrait.';
  if (failure.code === 'multiple_faces') return `${failure.faceCount} faces were found in the photo. Please upload a photo of a single person.`;
  return failure.message;
}

/**
 * The rig builder refuses only what face analysis refuses (it re-runs the analysis when not given
 * one), with the analysis' code and sentence; any other code would be ours, said plainly.
 */
function rigFailureMessage(error: RigBuildError): string {
  if (faceFailureCodes.has(error.code)) return faceFailureMessage({ code: error.code as FaceFailureCode, message: error.message, faceCount: error.faceCount ?? 0 });
  return 'The face in this photo could not be rigged for animation. Please try a clearer, front-facing portrait.';
}

const faceFailureCodes = new Set<string>(['no_face', 'multiple_faces', 'face_too_small', 'face_cut_off', 'face_turned', 'face_tilted', 'face_nodded'] satisfies FaceFailureCode[]);

/** The greeting each avatar says in its voice, in the avatar's language (Japanese first). */
export const greetingText = (avatarName: string) => `こんにちは、${avatarName}です。`;

/**
 * Starts making the avatar's greeting in the voice it has now. The speech engines run in child
 * processes (a voice model's conversion in worker threads), so the job starts it as the rig build
 * begins and the machine's other core makes it meanwhile: made after the rig, it added 250-370 ms
 * to every avatar (2026-11-29). `done` gives the reason it could not be made, if any (never
 * rejects); `stop` ends it and waits until it has ended: whatever ends the job (a failed rig, a
 * cancel, an error) stops it first, and a greeting stopped is never written.
 */
function startGreeting(deps: GenerateAvatarDeps, avatarId: string, jobSignal: AbortSignal): { done: Promise<string | undefined>; stop(): Promise<void> } {
  const controller = new AbortController();
  const abort = () => controller.abort(jobSignal.reason);
  if (jobSignal.aborted) abort();
  else jobSignal.addEventListener('abort', abort, { once: true });
  const done = (async () => {
    try {
      const row = await deps.avatars.findById(avatarId);
      if (!row) return 'The avatar no longer exists.';
      const voice = await deps.voices.resolve({ voiceType: row.voiceType, voiceModelId: row.voiceModelId });
      const greeting = await deps.speech.synthesize({ text: greetingText(row.avatarName), voice, language: 'ja', signal: controller.signal });
      controller.signal.throwIfAborted();
      await deps.storage.put(avatarFiles(avatarId).greeting, Buffer.from(JSON.stringify(toSpeechResponse(greeting))));
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      jobSignal.removeEventListener('abort', abort);
    }
  })();
  return {
    done,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}

/**
 * The spec's 'face training': normalise image -> analyse face -> build rig -> prepare voice (the
 * greeting, made while the rig is built: see startGreeting) -> render portrait. Idempotent: a
 * retried run starts from the photo again and overwrites the outputs. A failure after the rig
 * exists leaves a result (the UI's 'Warning').
 */
export function generateAvatarHandler(deps: GenerateAvatarDeps): JobHandler<'avatar.generate'> {
  const { avatars, storage, pipeline } = deps;

  const generate = async (avatarId: string, ctx: JobContext): Promise<void> => {
    const row = await avatars.findById(avatarId);
    if (!row || row.status !== 'processing') return;
    const files = avatarFiles(avatarId);
    const stage = async (progress: number, step: string) => {
      ctx.signal.throwIfAborted();
      await avatars.reportProgress(avatarId, progress, step);
      await ctx.progress(progress, step);
    };

    await stage(5, 'Normalising image');
    const normalised = await pipeline.normalise(await storage.get(files.photo));

    await stage(15, 'Analysing face');
    const { face: analysis, image, mirrored } = await pipeline.analyse(normalised);
    if (!analysis.ok) {
      await avatars.update(avatarId, { status: 'failed', currentStep: 'Face analysis failed', message: faceFailureMessage(analysis) });
      return;
    }

    await stage(35, 'Building rig');
    const greeting = startGreeting(deps, avatarId, ctx.signal);
    let voiceError: string | undefined;
    try {
      let built;
      try {
        built = await pipeline.buildRig(image, analysis, { mirrored });
      } catch (error) {
        if (!(error instanceof RigBuildError)) throw error;
        await avatars.update(avatarId, { status: 'failed', currentStep: 'Building rig failed', message: rigFailureMessage(error) });
        return;
      }
      const { rig, textures } = built;
      ctx.signal.throwIfAborted();
      await storage.remove(files.rigDir);
      for (const [name, data] of Object.entries(textures)) await storage.put(files.rigFile(name), data);
      await storage.put(files.rigFile('rig.json'), Buffer.from(JSON.stringify(rig)));

      await stage(60, 'Preparing voice');
      voiceError = await greeting.done;

      await stage(85, 'Rendering portrait');
      await storage.put(files.portrait, await pipeline.renderPortrait(rig, textures));
      ctx.signal.throwIfAborted();
    } finally {
      await greeting.stop();
    }

    await avatars.update(avatarId, {
      status: voiceError ? 'failed' : 'completed',
      progress: 100,
      currentStep: voiceError ? 'Voice preparation failed' : 'Done',
      message: voiceError ? `The avatar was made, but its voice could not be prepared: ${voiceError}` : 'Your avatar is ready.',
      hasResult: true,
      resultMessage: voiceError ? 'Avatar created without its greeting' : 'Avatar generated successfully',
    });
  };

  return {
    async run({ avatarId }, ctx: JobContext) {
      try {
        await generate(avatarId, ctx);
      } finally {
        // A task deleted while its job ran: the delete removed its files, but the job may have
        // written more (the rig, the portrait) before it saw the cancel, and nothing would
        // ever remove them.
        if (!(await avatars.findById(avatarId))) await storage.remove(avatarFiles(avatarId).dir);
      }
    },

    async onFailed({ avatarId }, error) {
      const row = await avatars.findById(avatarId);
      if (!row || row.status !== 'processing') return;
      const detail = error instanceof Error ? error.message : String(error);
      await avatars.update(avatarId, { status: 'failed', currentStep: 'Failed', message: `Avatar generation failed: ${detail}` });
    },
  };
}
