import { voicePolling, type RecordedSentence, type SuggestedSentence } from '@avatar-factory/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/toast';
import { getRecordedSentences } from '../api/get-recorded-sentences';
import { voiceModelKeys } from '../api/query-keys';
import { uploadTake } from '../api/upload-take';

function upsert(takes: RecordedSentence[] | undefined, take: RecordedSentence): RecordedSentence[] {
  const rest = (takes ?? []).filter((existing) => existing.id !== take.id && existing.sentence_id !== take.sentence_id);
  return [...rest, take];
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

/**
 * Uploads a take and follows it: the take is polled every 1 s
 * for up to 30 tries; ready calls `onReady` (the panel moves to the next sentence), failed shows
 * the server's reason. Polling stops when the panel unmounts.
 */
export function useTakeUpload(modelId: string, onReady: (sentenceId: string) => void) {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const abortRef = useRef(new AbortController());
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  useEffect(() => {
    const controller = new AbortController();
    abortRef.current = controller;
    return () => controller.abort();
  }, [modelId]);

  const setFlag = (sentenceId: string, on: boolean) =>
    setUploading((current) => {
      const next = new Set(current);
      if (on) next.add(sentenceId);
      else next.delete(sentenceId);
      return next;
    });

  const upload = useCallback(
    async (sentence: SuggestedSentence, audio: Blob) => {
      const signal = abortRef.current.signal;
      const key = voiceModelKeys.sentences(modelId);
      setFlag(sentence.id, true);
      let take: RecordedSentence;
      try {
        take = await uploadTake({ modelId, sentenceId: sentence.id, text: sentence.text, audio });
      } catch {
        setFlag(sentence.id, false);
        toastError('Failed to upload recording');
        return;
      }
      toastSuccess('Recording uploaded. Processing...');
      queryClient.setQueryData<RecordedSentence[]>(key, (takes) => upsert(takes, take));
      setFlag(sentence.id, false);

      try {
        for (let attempt = 0; attempt < voicePolling.recordingMaxTries; attempt += 1) {
          await sleep(voicePolling.recordingIntervalMs, signal);
          let takes: RecordedSentence[];
          try {
            takes = await getRecordedSentences(modelId, signal);
          } catch (error) {
            if (signal.aborted) throw error;
            toastError('Failed to check recording status');
            return;
          }
          queryClient.setQueryData(key, takes);
          const current = takes.find((candidate) => candidate.id === take.id);
          // A finished take changes the model's metadata (sentence_count) shown on its card.
          if (current && current.status !== 'processing') void queryClient.invalidateQueries({ queryKey: voiceModelKeys.list() });
          if (current?.status === 'ready') {
            toastSuccess('Recording successfully processed');
            onReadyRef.current(sentence.id);
            return;
          }
          if (current?.status === 'failed') {
            // The toast is the server's reason, or 'Recording processing failed' without one.
            toastError(current.error_message || 'Recording processing failed');
            return;
          }
        }
        toastError('Processing timed out. Please try again.');
      } catch {
        // Aborted: the panel closed; nothing to report.
      }
    },
    [modelId, queryClient],
  );

  return { upload, uploading };
}
