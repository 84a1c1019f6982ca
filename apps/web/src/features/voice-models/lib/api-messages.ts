import { errorCodes } from '@avatar-factory/contracts';
import { ApiError } from '../../../lib/api-error';

/** The server's Japanese text for this rule; used only if an answer lacks its message. */
const faceTrainingFallback = '顔のトレーニング中は音声のトレーニングを行えません。アバターの生成が終わってから、もう一度お試しください。';

/**
 * A 409 face_training_in_progress (creating a model or starting training) shows the
 * server's Japanese message; any other error gets the caller's fallback text.
 */
export function voiceApiErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 409 && error.code === errorCodes.faceTrainingInProgress) {
    return error.message.trim() || faceTrainingFallback;
  }
  return fallback;
}
