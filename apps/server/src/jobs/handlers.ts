import type { Core } from '../core';
import { deployAvatarHandler } from '../modules/avatars/deploy-avatar.job';
import { generateAvatarHandler } from '../modules/avatars/generate-avatar.job';
import { checkTakeHandler } from '../modules/voice-models/check-take.job';
import { trainVoiceHandler } from '../modules/voice-models/train-voice.job';
import type { JobHandlers } from './queue';

/** Every production job handler, wired in one place (test jobs: testing/test-jobs.ts). */
export function jobHandlers(app: Core): JobHandlers {
  const { avatars, voiceModels } = app.repositories;
  const speech = app.engines.speech;
  return {
    'avatar.generate': generateAvatarHandler({ avatars, storage: app.storage, pipeline: app.engines.pipeline, speech: app.engines.speech, voices: app.engines.voices }),
    'avatar.deploy': deployAvatarHandler({ avatars, storage: app.storage }),
    'voice.check-take': checkTakeHandler({ voiceModels, storage: app.storage, speech }),
    'voice.train': trainVoiceHandler({ voiceModels, storage: app.storage, speech }),
  };
}
