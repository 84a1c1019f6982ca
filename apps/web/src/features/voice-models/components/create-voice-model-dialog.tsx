import type { Language } from '@avatar-factory/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateVoiceModel } from '../api/create-voice-model';
import { voiceApiErrorMessage } from '../lib/api-messages';

type CreateVoiceModelDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (modelId: string) => void;
};

const languages: Array<{ value: Language; label: string }> = [
  { value: 'ja', label: 'Japanese' },
  { value: 'en', label: 'English' },
];

/** 'Model Name' and 'Create Model'; an empty trimmed name does nothing and says nothing. */
export function CreateVoiceModelDialog({ open, onOpenChange, onCreated }: CreateVoiceModelDialogProps) {
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<Language>('ja');
  const create = useCreateVoiceModel();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || create.isPending) return;
    create.mutate(
      { name: trimmed, language },
      {
        onSuccess: (model) => {
          toastSuccess('Voice model created successfully');
          setName('');
          onOpenChange(false);
          onCreated(model.id);
        },
        onError: (error) => toastError(voiceApiErrorMessage(error, 'Failed to create voice model')),
      },
    );
  }

  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} title="Create New Voice Model">
      <form onSubmit={handleSubmit} className="space-y-5">
        <TextField
          label="Model Name"
          name="model-name"
          placeholder="Enter a name for your voice model"
          autoComplete="off"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Language</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-2">
            {languages.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-300 ring-inset has-checked:bg-indigo-50 has-checked:ring-2 has-checked:ring-indigo-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
              >
                <input
                  type="radio"
                  name="model-language"
                  value={option.value}
                  checked={language === option.value}
                  onChange={() => setLanguage(option.value)}
                  className="size-4 accent-indigo-600 focus:outline-none"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Create Model
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
