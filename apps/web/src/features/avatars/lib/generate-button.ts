import type { VoiceType } from '@avatar-factory/contracts';

export type ValidationStatus = 'idle' | 'validating' | 'passed' | 'failed';

export type GenerateFormState = {
  hasFile: boolean;
  validation: ValidationStatus;
  name: string;
  voiceType: VoiceType | null;
  /** Required when voiceType is 'custom'. */
  voiceModelId: string | null;
  submitting?: boolean;
  /** 'This name is already taken' shows: the server would refuse it (409), so nothing is sent. */
  nameTaken?: boolean;
};

export type GenerateButtonState = { label: string; enabled: boolean };

/**
 * 'Generate button': enabled only with a file, a non-empty trimmed name, a voice (or a
 * custom model) and a passed validation, and not with a name already taken; the label names the
 * first thing missing.
 */
export function generateButtonState(state: GenerateFormState): GenerateButtonState {
  if (!state.hasFile) return { label: 'Upload Photo First', enabled: false };
  if (state.validation === 'validating' || state.validation === 'idle') return { label: 'Validating Image...', enabled: false };
  if (state.validation === 'failed') return { label: 'Image Validation Failed', enabled: false };
  if (state.name.trim() === '') return { label: 'Enter Avatar Name', enabled: false };
  // There is no button label for a taken name: the field's message says why the button waits.
  if (state.nameTaken) return { label: 'Generate Avatar', enabled: false };
  if (!state.voiceType || (state.voiceType === 'custom' && !state.voiceModelId)) return { label: 'Select Voice', enabled: false };
  return { label: 'Generate Avatar', enabled: !state.submitting };
}

/** A name is taken when the trimmed name equals an existing task's avatarName. */
export function isNameTaken(name: string, tasks: ReadonlyArray<{ avatarName: string }>): boolean {
  const trimmed = name.trim();
  return trimmed !== '' && tasks.some((task) => task.avatarName === trimmed);
}
