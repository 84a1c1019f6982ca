import type { TaskView, VoiceModel, VoiceType } from '@avatar-factory/contracts';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toastError } from '../../../lib/toast';
import { useCreateAvatar } from '../api/create-avatar';
import { generateButtonState, isNameTaken } from '../lib/generate-button';
import type { ImageValidationResult } from '../lib/image-rules';
import { submitErrorToast } from '../lib/submit-error';
import { validationMessages } from '../lib/validation-messages';
import { chooseVoice, defaultVoiceChoice, type VoiceChoice } from '../lib/voice-choice';
import type { ValidationStatus } from '../lib/generate-button';
import { PhotoUpload } from './photo-upload';
import { StepHeading } from './step-heading';
import { ValidationReport } from './validation-report';
import { VoiceSettings } from './voice-settings';

type CreateAvatarFormProps = {
  file: File | null;
  onFile: (file: File) => void;
  validation: { status: ValidationStatus; result: ImageValidationResult | null };
  tasks: readonly TaskView[];
  readyModels: VoiceModel[];
  /** Called with the new task's fields after a 202; the page adds it and clears the photo. */
  onCreated: (created: { taskId: string; avatarName: string; voice: VoiceChoice; enableLipsync: boolean }) => void;
};

/** Creation form: photo, name, voice and lipsync, and the Generate button. */
export function CreateAvatarForm({ file, onFile, validation, tasks, readyModels, onCreated }: CreateAvatarFormProps) {
  const [name, setName] = useState('');
  const [voice, setVoice] = useState<VoiceChoice>(defaultVoiceChoice);
  const [lipsync, setLipsync] = useState(true);
  const create = useCreateAvatar();

  const nameTaken = isNameTaken(name, tasks);
  const button = generateButtonState({
    hasFile: file !== null,
    validation: validation.status,
    name,
    voiceType: voice.voiceType,
    voiceModelId: voice.voiceModelId,
    submitting: create.isPending,
    nameTaken,
  });

  const onChoose = (next: VoiceType) => {
    const { choice, error } = chooseVoice(voice, next, readyModels);
    if (error) toastError(error);
    setVoice(choice);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Submitting without a passed validation (no photo included) toasts in Japanese.
    if (!file || validation.status !== 'passed') {
      toastError(validationMessages.notValidated);
      return;
    }
    if (!button.enabled) return;
    const enableLipsync = lipsync;
    create.mutate(
      { file, avatarName: name.trim(), enableLipsync, voiceType: voice.voiceType, voiceModelId: voice.voiceModelId },
      {
        onSuccess: (answer) => {
          toast.success('Avatar Generation Started!', { duration: 5000 });
          setName('');
          onCreated({ taskId: answer.taskId, avatarName: answer.avatarName, voice, enableLipsync });
        },
        onError: (error) => {
          const { title, text } = submitErrorToast(error);
          toastError(title, { description: text });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7">
      <section aria-labelledby="step-photo" className="space-y-4">
        <StepHeading step={1} id="step-photo" title="Upload Your Photo" />
        <PhotoUpload onSelect={onFile} disabled={create.isPending} fileName={file?.name ?? null} />
        {validation.result ? <ValidationReport result={validation.result} /> : null}
      </section>

      <section aria-labelledby="step-name" className="space-y-4">
        <StepHeading step={2} id="step-name" title="Name Your Avatar" />
        <TextField
          label="Avatar name"
          name="avatar_name"
          value={name}
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. Grace"
          onChange={(event) => setName(event.target.value)}
          error={nameTaken ? 'This name is already taken' : undefined}
        />
      </section>

      <section aria-labelledby="step-voice" className="space-y-4">
        <StepHeading step={3} id="step-voice" title="Voice Settings" />
        <VoiceSettings
          choice={voice}
          onChoose={onChoose}
          onModelChange={(voiceModelId) => setVoice({ voiceType: 'custom', voiceModelId })}
          readyModels={readyModels}
          lipsync={lipsync}
          onLipsyncChange={setLipsync}
          disabled={create.isPending}
        />
      </section>

      <Button type="submit" disabled={!button.enabled} className="w-full py-3 text-base" data-testid="generate-button">
        {create.isPending ? <Spinner className="size-5 text-white" label="Starting generation" /> : null}
        {button.label}
      </Button>
    </form>
  );
}
