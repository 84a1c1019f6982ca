import * as Accordion from '@radix-ui/react-accordion';
import { voicePolling, type VoiceModel } from '@avatar-factory/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { ToggleSwitch } from '../../../components/ui/toggle-switch';
import { toastError, toastSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-error';
import { useSuggestedSentences } from '../api/get-suggested-sentences';
import { useTrainingConfig } from '../api/get-training-config';
import { useTrainingStatus } from '../api/get-training-status';
import { voiceModelKeys } from '../api/query-keys';
import { useStartTraining } from '../api/start-training';
import { useTakeUpload } from '../hooks/use-take-upload';
import { voiceApiErrorMessage } from '../lib/api-messages';
import { progressColour, progressPercent, type ProgressColour } from '../lib/progress-colour';
import { canStartTraining, countReadySentences, latestTakeFor } from '../lib/recording-progress';
import { SentenceCard } from './sentence-card';
import { StartTrainingCard } from './start-training-card';
import { StatusBadge } from './status-badge';

const barTones: Record<ProgressColour, 'red' | 'yellow' | 'emerald'> = { red: 'red', yellow: 'yellow', green: 'emerald' };
/** Used until the config answers. */
const fallbackThresholds = { poor: 30, medium: 70 };

/** 'Voice Training Session': progress, the sentence accordion and Start Training. */
export function TrainingSessionPanel({ model }: { model: VoiceModel }) {
  const queryClient = useQueryClient();
  const config = useTrainingConfig();
  const suggested = useSuggestedSentences(model.metadata.language);
  const startTraining = useStartTraining();
  const [autoStop, setAutoStop] = useState(false);
  const [openId, setOpenId] = useState('');

  const requiredRecordings = config.data?.requiredRecordings ?? voicePolling.defaultRequiredRecordings;
  const minRecordings = config.data?.minRecordings ?? requiredRecordings;
  const thresholds = config.data?.progressThresholds ?? fallbackThresholds;
  // The guided set is the first `requiredRecordings` suggestions (the server orders them so that
  // this prefix is phonetically balanced).
  const sentences = useMemo(() => (suggested.data ?? []).slice(0, requiredRecordings), [suggested.data, requiredRecordings]);
  const goTo = (index: number) => {
    const target = sentences[index];
    if (target) setOpenId(target.id);
  };

  const { upload, uploading, takes } = useTakeUpload(model.id, (sentenceId) => {
    const index = sentences.findIndex((sentence) => sentence.id === sentenceId);
    if (index >= 0 && index < sentences.length - 1) goTo(index + 1);
  });

  const readyCount = countReadySentences(takes.data ?? []);
  const percent = progressPercent(readyCount, requiredRecordings);
  const training = model.status === 'training' || startTraining.isPending;
  const status = useTrainingStatus(model.id, model.status === 'training');

  useEffect(() => {
    if (config.isError) toastError('Failed to load configuration');
  }, [config.isError]);
  useEffect(() => {
    if (suggested.isError) toastError('Failed to load recommended sentences');
  }, [suggested.isError]);

  // Open the first sentence not yet done when the session starts.
  useEffect(() => {
    if (openId !== '' || sentences.length === 0 || !takes.data) return;
    const firstOpen = sentences.find((sentence) => latestTakeFor(takes.data, sentence.id)?.status !== 'ready');
    setOpenId((firstOpen ?? sentences[0])?.id ?? '');
  }, [openId, sentences, takes.data]);

  // The status poll feeds the model list, where the route notices the end of training.
  useEffect(() => {
    const answer = status.data;
    if (!answer) return;
    queryClient.setQueryData<VoiceModel[]>(voiceModelKeys.list(), (models) =>
      models?.map((item) => (item.id === model.id ? { ...item, status: answer.status, metadata: answer.metadata } : item)),
    );
  }, [status.data, model.id, queryClient]);

  const handleStartTraining = () => {
    startTraining.mutate(model.id, {
      onSuccess: () => {
        toastSuccess('Voice model training started');
        void queryClient.invalidateQueries({ queryKey: voiceModelKeys.status(model.id) });
      },
      onError: (error) => {
        const fallback = error instanceof ApiError && error.status < 500 ? error.message : 'Voice model training failed';
        toastError(voiceApiErrorMessage(error, fallback));
      },
    });
  };

  return (
    <section aria-labelledby="training-session-title" className="-mx-1 rounded-3xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:mx-0 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="training-session-title" className="text-xl font-bold tracking-tight text-slate-900">
            Voice Training Session
          </h2>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
            <span className="truncate font-medium text-slate-800">{model.name}</span>
            <StatusBadge status={model.status} />
          </p>
        </div>
      </div>

      <div className="mt-5 space-y-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-base font-semibold text-slate-900">Voice Training Progress</h3>
          <div className="flex items-center gap-3">
            <ToggleSwitch label="Auto-stop" checked={autoStop} onCheckedChange={setAutoStop} />
            <span className="rounded-full bg-white px-2.5 py-0.5 text-xs font-semibold text-slate-700 tabular-nums ring-1 ring-slate-300 ring-inset">
              {readyCount}/{requiredRecordings} Required
            </span>
          </div>
        </div>
        <ProgressBar value={percent} label="Recorded sentences" tone={barTones[progressColour(percent, thresholds)]} />
        <p className="text-sm text-slate-600">Record at least {requiredRecordings} sentences to complete the training</p>
      </div>

      {canStartTraining(readyCount, minRecordings) ? (
        <div className="mt-5">
          <StartTrainingCard
            readyCount={readyCount}
            minRecordings={minRecordings}
            requiredRecordings={requiredRecordings}
            training={training}
            trainingProgress={model.status === 'training' && status.data?.status === 'training' ? status.data.progress : null}
            onStart={handleStartTraining}
          />
        </div>
      ) : null}

      <div className="mt-5">
        {suggested.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading sentences" />
          </div>
        ) : suggested.isError ? (
          <Alert tone="error">Failed to load recommended sentences</Alert>
        ) : (
          <Accordion.Root type="single" collapsible value={openId} onValueChange={setOpenId} className="space-y-3">
            {sentences.map((sentence, index) => (
              <SentenceCard
                key={sentence.id}
                open={openId === sentence.id}
                index={index}
                total={sentences.length}
                sentence={sentence}
                take={latestTakeFor(takes.data ?? [], sentence.id)}
                uploading={uploading.has(sentence.id)}
                language={model.metadata.language}
                autoStop={autoStop}
                disabled={training}
                onRecorded={(audio) => void upload(sentence, audio)}
                onPrevious={() => goTo(index - 1)}
                onNext={() => goTo(index + 1)}
              />
            ))}
          </Accordion.Root>
        )}
      </div>
    </section>
  );
}
