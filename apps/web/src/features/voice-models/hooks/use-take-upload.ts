import { voicePolling, type RecordedSentence, type SuggestedSentence } from '@avatar-factory/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRecordedSentences } from '../api/get-recorded-sentences';
import { voiceModelKeys } from '../api/query-keys';
import { uploadTake } from '../api/upload-take';

function upsert(takes: RecordedSentence[] | undefined, take: RecordedSentence): RecordedSentence[] {
  const rest = (takes ?? []).filter((existing) => existing.id !== take.id && existing.sentence_id !== take.sentence_id);
  return [...rest, take];
}

/** An uploaded take being followed, with the list query's update counters when following began. */
interface FollowedTake {
  takeId: string;
  sentenceId: string;
  answersBefore: number;
  errorsBefore: number;
}

/**
 * Uploads a take and follows it through the takes list, which polls every 1 s while a take is
 * processing (`useRecordedSentences`, also returned here as `takes` so the panel shares the one
 * query): ready calls `onReady` (the panel moves to the next sentence), failed shows the server's
 * reason, 30 answers without an outcome time out. Following ends when the panel unmounts.
 */
export function useTakeUpload(modelId: string, onReady: (sentenceId: string) => void) {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const [followed, setFollowed] = useState<readonly FollowedTake[]>([]);
  const takes = useRecordedSentences(modelId, { following: followed.length > 0 });
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  const setFlag = (sentenceId: string, on: boolean) =>
    setUploading((current) => {
      const next = new Set(current);
      if (on) next.add(sentenceId);
      else next.delete(sentenceId);
      return next;
    });

  useEffect(() => setFollowed([]), [modelId]);

  useEffect(() => {
    if (followed.length === 0) return;
    const state = queryClient.getQueryState<RecordedSentence[]>(voiceModelKeys.sentences(modelId));
    if (!state) return;
    const settled = new Set<string>();
    for (const follow of followed) {
      if (state.errorUpdateCount > follow.errorsBefore) {
        toastError('Failed to check recording status');
        settled.add(follow.takeId);
        continue;
      }
      const current = state.data?.find((candidate) => candidate.id === follow.takeId);
      if (current && current.status !== 'processing') {
        // A finished take changes the model's metadata (sentence_count) shown on its card.
        void queryClient.invalidateQueries({ queryKey: voiceModelKeys.list() });
        settled.add(follow.takeId);
        if (current.status === 'ready') {
          toastSuccess('Recording successfully processed');
          onReadyRef.current(follow.sentenceId);
        } else {
          // The toast is the server's reason, or 'Recording processing failed' without one.
          toastError(current.error_message || 'Recording processing failed');
        }
      } else if (state.dataUpdateCount - follow.answersBefore >= voicePolling.recordingMaxTries) {
        toastError('Processing timed out. Please try again.');
        settled.add(follow.takeId);
      }
    }
    if (settled.size > 0) setFollowed((list) => list.filter((follow) => !settled.has(follow.takeId)));
  }, [followed, modelId, queryClient, takes.dataUpdatedAt, takes.errorUpdatedAt]);

  const upload = useCallback(
    async (sentence: SuggestedSentence, audio: Blob) => {
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
      // The processing take in the list is what starts the list's 1 s polling.
      queryClient.setQueryData<RecordedSentence[]>(key, (list) => upsert(list, take));
      const state = queryClient.getQueryState(key);
      setFollowed((list) => [
        ...list.filter((follow) => follow.sentenceId !== sentence.id),
        { takeId: take.id, sentenceId: sentence.id, answersBefore: state?.dataUpdateCount ?? 0, errorsBefore: state?.errorUpdateCount ?? 0 },
      ]);
      setFlag(sentence.id, false);
    },
    [modelId, queryClient],
  );

  return { upload, uploading, takes };
}
