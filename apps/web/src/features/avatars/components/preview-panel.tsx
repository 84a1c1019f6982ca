import type { SpeechResponse, TaskView } from '@avatar-factory/contracts';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/toast';
import { getAvatarGreeting } from '../api/avatar-speech';
import { useObjectUrl } from '../hooks/use-object-url';
import type { ValidationStatus } from '../lib/generate-button';
import { AvatarSpeechStage, useStageSpeech } from './avatar-speech-stage';

type PreviewPanelProps = { file: File | null; validation: ValidationStatus; avatar: TaskView | null };

/** Preview panel: the chosen photo (with the validation overlay), then the live avatar. */
export function PreviewPanel({ file, validation, avatar }: PreviewPanelProps) {
  const photoUrl = useObjectUrl(file);
  // Photo and live avatar sit side by side on a tablet. Without a photo the empty frame stays
  // compact, so the placeholder never outweighs the avatar or fills a tablet screen on its own.
  const sideBySide = avatar !== null && photoUrl !== null;
  const frame = photoUrl
    ? `aspect-[4/3] ${sideBySide ? 'sm:aspect-auto sm:min-h-64 lg:aspect-[4/3]' : ''}`
    : avatar
      ? 'h-32'
      : 'aspect-[4/3] sm:max-lg:aspect-auto sm:max-lg:h-56';
  return (
    <Card title="Preview" description={avatar ? 'Your photo and your latest avatar' : 'Your photo appears here'}>
      <div className={`grid gap-5 ${sideBySide ? 'sm:grid-cols-2 lg:grid-cols-1' : ''}`}>
        <div className={`relative flex items-center justify-center overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200 ring-inset ${frame}`}>
          {photoUrl ? (
            <img src={photoUrl} alt="Selected photo" className="absolute inset-0 size-full object-contain" />
          ) : (
            <div className="flex flex-col items-center gap-2 text-slate-400">
              <svg className="size-10" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <rect x="3" y="4" width="18" height="16" rx="2" />
                <circle cx="9" cy="10" r="2" />
                <path d="m21 16-5-5-9 9" />
              </svg>
              <p className="text-sm font-medium text-slate-500">No image selected</p>
            </div>
          )}
          {validation === 'validating' ? (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-white/75 backdrop-blur-sm" data-testid="validating-overlay">
              <Spinner className="size-8" label="validating image" />
              <p className="text-sm font-semibold text-slate-700">validating image</p>
            </div>
          ) : null}
        </div>
        {avatar ? <LivePreview key={avatar.taskId} avatar={avatar} sideBySide={sideBySide} /> : null}
      </div>
    </Card>
  );
}

function LivePreview({ avatar, sideBySide }: { avatar: TaskView; sideBySide: boolean }) {
  const stage = useStageSpeech();
  const [loading, setLoading] = useState(false);
  const greeting = useRef<SpeechResponse | null>(null);

  const playGreeting = async () => {
    if (!greeting.current) {
      setLoading(true);
      try {
        greeting.current = await getAvatarGreeting(avatar.taskId);
      } catch {
        toastError('The greeting could not be loaded.');
        return;
      } finally {
        setLoading(false);
      }
    }
    stage.say(greeting.current);
  };

  return (
    <div className={`border-t border-slate-100 pt-5 ${sideBySide ? 'sm:border-t-0 sm:pt-0 lg:border-t lg:pt-5' : ''}`}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">Live avatar</p>
          <p className="truncate text-sm font-semibold text-slate-900">{avatar.avatarName}</p>
        </div>
        <Button variant="secondary" onClick={() => void playGreeting()} disabled={loading || stage.speaking} className="shrink-0">
          {loading ? <Spinner className="size-4" label="Loading greeting" /> : null}
          Play greeting
        </Button>
      </div>
      <AvatarSpeechStage
        avatarId={avatar.taskId}
        avatarName={avatar.avatarName}
        lipsync={avatar.enable_lipsync}
        speech={stage.speech}
        onSpeechEnd={stage.onSpeechEnd}
        className="mx-auto max-w-sm"
      />
    </div>
  );
}
