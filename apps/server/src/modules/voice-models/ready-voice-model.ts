import { errorCodes } from '@avatar-factory/contracts';
import { conflict, notFound, unprocessable } from '../../http/app-error';
import type { VoiceModelRow, VoiceModelsRepository } from './voice-models.repository';

/**
 * How a caller is told that a voice model cannot speak for them. The facts are the same everywhere
 * (no such model of theirs, or not ready yet); the answer depends on where the id came from.
 */
export interface VoiceModelRefusals {
  missing(): Error;
  notReady(): Error;
}

/** An id that names the resource a call is about: 404 when the caller has no such model, 409 while it is not ready. */
export const refuseAsResource: VoiceModelRefusals = {
  missing: () => notFound('Voice model not found'),
  notReady: () => conflict(errorCodes.voiceModelNotReady, 'The voice model is not ready yet.'),
};

/** An id given in a form field: a 422 that names the field either way. */
export const refuseAsFormField = (field: string): VoiceModelRefusals => ({
  missing: () => unprocessable(errorCodes.validation, 'Unknown voice model', [{ field, message: 'No such voice model' }]),
  notReady: () => unprocessable(errorCodes.voiceModelNotReady, 'The voice model is not ready yet', [{ field, message: 'Voice model is not ready' }]),
});

/** The one rule for speaking with a personal voice: the caller owns the model and it is ready. */
export async function requireReadyVoiceModel(
  voiceModels: Pick<VoiceModelsRepository, 'findOwned'>,
  userId: string,
  voiceModelId: string,
  refusals: VoiceModelRefusals = refuseAsResource,
): Promise<VoiceModelRow> {
  const model = await voiceModels.findOwned(userId, voiceModelId);
  if (!model) throw refusals.missing();
  if (model.status !== 'ready') throw refusals.notReady();
  return model;
}
