import { apiRoute, type SpeechResponse } from '@avatar-factory/contracts';
import { useState } from 'react';
import { LiveAvatar } from '../../../components/live-avatar/live-avatar';
import { apiBaseUrl } from '../../../lib/env';

type AvatarSpeechStageProps = {
  avatarId: string;
  avatarName: string;
  lipsync: boolean;
  speech: SpeechResponse | null;
  onSpeechEnd?: () => void;
  className?: string;
};

/** The owner's live avatar: the private rig, fetched with the bearer token. */
export function AvatarSpeechStage({ avatarId, avatarName, lipsync, speech, onSpeechEnd, className }: AvatarSpeechStageProps) {
  return (
    <LiveAvatar
      rigBaseUrl={`${apiBaseUrl}${apiRoute('avatarRigFile', { avatarId, file: '' }).path}`}
      authenticated
      lipsync={lipsync}
      speech={speech}
      onSpeechEnd={onSpeechEnd}
      label={avatarName}
      className={className}
    />
  );
}

/** Speech state for a stage: a fresh object per request so saying the same answer again replays it. */
export function useStageSpeech() {
  const [speech, setSpeech] = useState<SpeechResponse | null>(null);
  const [speaking, setSpeaking] = useState(false);
  return {
    speech,
    speaking,
    say: (answer: SpeechResponse) => {
      setSpeaking(true);
      setSpeech({ ...answer });
    },
    onSpeechEnd: () => setSpeaking(false),
  };
}
