import { maxPreviewTextLength, type SpeechResponse } from '@avatar-factory/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { toastError } from '../../../lib/toast';
import { speakAsAvatar } from '../api/avatar-speech';

type SaySomethingProps = { avatarId: string; busy: boolean; onSpeech: (speech: SpeechResponse) => void };

/** A short text the avatar says in its current voice (POST /api/avatars/{id}/speak). */
export function SaySomething({ avatarId, busy, onSpeech }: SaySomethingProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    setPending(true);
    try {
      onSpeech(await speakAsAvatar(avatarId, trimmed));
    } catch (error) {
      toastError(error instanceof ApiError ? error.message : 'The avatar could not speak.');
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-4 flex flex-col gap-2 sm:flex-row">
      <label htmlFor={id} className="sr-only">
        Say something
      </label>
      <input
        id={id}
        value={text}
        maxLength={maxPreviewTextLength}
        onChange={(event) => setText(event.target.value)}
        placeholder="Say something"
        className="block min-w-0 flex-1 rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none"
      />
      <Button type="submit" disabled={pending || busy || text.trim() === ''}>
        {pending ? <Spinner className="size-4 text-white" label="Preparing speech" /> : null}
        Speak
      </Button>
    </form>
  );
}
