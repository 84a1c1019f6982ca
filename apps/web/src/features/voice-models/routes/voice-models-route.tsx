import { useEffect, useRef, useState } from 'react';
import { PageShell } from '../../../components/layouts/page-shell';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCancelTraining } from '../api/cancel-training';
import { useDeleteVoiceModel } from '../api/delete-voice-model';
import { useVoiceModels } from '../api/get-voice-models';
import { CreateVoiceModelDialog } from '../components/create-voice-model-dialog';
import { TrainingSessionPanel } from '../components/training-session-panel';
import { VoiceModelCard } from '../components/voice-model-card';
import { useTrainingNotifications } from '../hooks/use-training-notifications';

/**
 * Voice Models screen.
 *
 * The spec lists both 'Failed to load voice models' and 'Failed to load voice models.': the first
 * (a short title) is the error toast when the list cannot be loaded or re-polled; the second (a
 * sentence) is the inline message that replaces the grid when there is no list to show.
 */
export function VoiceModelsRoute() {
  const models = useVoiceModels();
  const cancelTraining = useCancelTraining();
  const deleteModel = useDeleteVoiceModel();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [cancelledIds, setCancelledIds] = useState<ReadonlySet<string>>(new Set());
  const panelRef = useRef<HTMLDivElement>(null);
  const scrollToPanel = useRef(false);

  useTrainingNotifications(models.data, selectedId, cancelledIds);

  useEffect(() => {
    if (models.isError) toastError('Failed to load voice models');
  }, [models.isError, models.errorUpdatedAt]);

  const selected = models.data?.find((model) => model.id === selectedId) ?? null;

  // On a phone the panel is below the grid: bring it into view when a card is chosen.
  useEffect(() => {
    if (!selected || !scrollToPanel.current) return;
    scrollToPanel.current = false;
    panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [selected]);

  const select = (modelId: string) => {
    scrollToPanel.current = true;
    setSelectedId((current) => (current === modelId ? null : modelId));
  };

  const handleCancel = (modelId: string) => {
    setCancelledIds((ids) => new Set(ids).add(modelId));
    cancelTraining.mutate(modelId, {
      onSuccess: () => toastSuccess('Training cancelled'),
      onError: () => {
        setCancelledIds((ids) => {
          const next = new Set(ids);
          next.delete(modelId);
          return next;
        });
        toastError('Failed to cancel training');
      },
    });
  };

  const handleDelete = (modelId: string) => {
    deleteModel.mutate(modelId, {
      onSuccess: () => {
        toastSuccess('Voice model deleted successfully');
        if (selectedId === modelId) setSelectedId(null);
      },
      onError: () => toastError('Failed to delete voice model'),
    });
  };

  return (
    <PageShell
      title="Voice Models"
      description="Record guided sentences in your own voice and train a personal voice for your avatars."
      actions={
        <Button onClick={() => setCreating(true)} className="self-start sm:self-auto">
          <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
            <path d="M12 5v14M5 12h14" />
          </svg>
          Create New Voice Model
        </Button>
      }
    >
      <CreateVoiceModelDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(modelId) => {
          scrollToPanel.current = true;
          setSelectedId(modelId);
        }}
      />

      {models.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Loading voice models" />
        </div>
      ) : models.isError && !models.data ? (
        <Alert tone="error">
          <p>Failed to load voice models.</p>
          <Button variant="link" className="mt-1" onClick={() => void models.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : models.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <svg className="mx-auto size-10 text-slate-400" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" aria-hidden="true">
            <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3ZM5 11a7 7 0 0 0 14 0M12 18v3" />
          </svg>
          <p className="mt-3 text-sm font-medium text-slate-600">No voice models available. Create a new voice model first.</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Voice models">
          {models.data.map((model) => (
            <VoiceModelCard
              key={model.id}
              model={model}
              selected={model.id === selectedId}
              onSelect={() => select(model.id)}
              onCancelTraining={() => handleCancel(model.id)}
              onDelete={() => handleDelete(model.id)}
              busy={(cancelTraining.isPending && cancelTraining.variables === model.id) || (deleteModel.isPending && deleteModel.variables === model.id)}
            />
          ))}
        </ul>
      )}

      {selected ? (
        <div ref={panelRef} className="mt-8 scroll-mt-4">
          <TrainingSessionPanel key={selected.id} model={selected} />
        </div>
      ) : null}
    </PageShell>
  );
}
