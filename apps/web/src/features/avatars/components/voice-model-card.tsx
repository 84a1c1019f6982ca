import type { VoiceModel } from '@avatar-factory/contracts';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSetAvatarVoiceModel } from '../api/avatar-voice-model';
import { Select } from '../../../components/ui/select';

type VoiceModelCardProps = {
  avatarId: string;
  readyModels: VoiceModel[];
  loading: boolean;
  currentModelId: string | null;
  currentVoiceType: string | null;
};

const voiceNames: Record<string, string> = { female: 'Default female voice', male: 'Default male voice' };

/**
 * Two pairs of toasts for the edit screen's picker: 'applied' when a default-voiced avatar
 * gets a personal voice, 'updated' when an avatar that already speaks with a model switches model.
 */
const applyWording = {
  apply: { label: 'Apply Voice Model', success: 'Voice model applied successfully', failure: 'Failed to apply voice model' },
  update: { label: 'Update Voice Model', success: 'Voice model updated successfully', failure: 'Failed to update voice model' },
} as const;

/** Edit screen voice settings: a picker of ready models, apply, and 'Create New Voice Model'. */
export function VoiceModelCard({ avatarId, readyModels, loading, currentModelId, currentVoiceType }: VoiceModelCardProps) {
  const navigate = useNavigate();
  const selectId = useId();
  const apply = useSetAvatarVoiceModel(avatarId);
  const [selected, setSelected] = useState<string>('');

  useEffect(() => {
    // Start from the avatar's own model when it is in the list, else the first ready one.
    setSelected((current) => {
      if (current && readyModels.some((m) => m.id === current)) return current;
      return readyModels.find((m) => m.id === currentModelId)?.id ?? readyModels[0]?.id ?? '';
    });
  }, [readyModels, currentModelId]);

  const currentName =
    currentVoiceType === 'custom'
      ? (readyModels.find((m) => m.id === currentModelId)?.name ?? 'Custom voice model')
      : currentVoiceType
        ? (voiceNames[currentVoiceType] ?? currentVoiceType)
        : '—';
  const wording = currentVoiceType === 'custom' ? applyWording.update : applyWording.apply;

  return (
    <Card
      title="Voice Settings"
      description="Choose which of your trained voices this avatar speaks with."
      actions={
        <Button variant="secondary" className="shrink-0" onClick={() => navigate('/voice-models')}>
          Create New Voice Model
        </Button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">
        Current voice: <span className="font-semibold text-slate-900" data-testid="current-voice">{currentName}</span>
      </p>
      {loading ? (
        <Spinner className="size-6" label="Loading voice models" />
      ) : readyModels.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center">
          <p className="text-sm text-slate-600">No voice models available. Create a new voice model first.</p>
        </div>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
              Voice model
            </label>
            <Select id={selectId} value={selected} onChange={(event) => setSelected(event.target.value)} className="mt-1.5">
              {readyModels.map((model) => (
                <option key={model.id} value={model.id}>
                  {model.name}
                  {model.metadata.quality_score !== null ? ` (${Math.round(model.metadata.quality_score * 100)}%)` : ''}
                </option>
              ))}
            </Select>
          </div>
          <Button
            disabled={!selected || apply.isPending}
            onClick={() =>
              apply.mutate(selected, {
                onSuccess: () => toastSuccess(wording.success),
                onError: () => toastError(wording.failure),
              })
            }
          >
            {apply.isPending ? <Spinner className="size-4 text-white" label="Applying" /> : null}
            {wording.label}
          </Button>
        </div>
      )}
    </Card>
  );
}
