import { maxPublicTextLength } from '@avatar-factory/contracts';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/text-area';

type SpeakFormProps = {
  avatarName: string;
  busy: boolean;
  error: string | null;
  onSpeak: (text: string) => void;
};

/** The visitor's text box: up to 200 characters with a counter; Enter speaks, Shift+Enter breaks the line. */
export function SpeakForm({ avatarName, busy, error, onSpeak }: SpeakFormProps) {
  const [text, setText] = useState('');
  const id = useId();
  const counterId = `${id}-counter`;
  const trimmed = text.trim();
  const canSpeak = trimmed.length > 0 && !busy;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSpeak) onSpeak(trimmed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-busy={busy}>
      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            What should {avatarName} say?
          </label>
          <span id={counterId} className={`text-xs tabular-nums ${text.length >= maxPublicTextLength ? 'font-semibold text-amber-700' : 'text-slate-500'}`} aria-live="polite">
            {text.length}/{maxPublicTextLength}
          </span>
        </div>
        <TextArea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value.slice(0, maxPublicTextLength))}
          onKeyDown={onKeyDown}
          maxLength={maxPublicTextLength}
          rows={3}
          placeholder="こんにちは！ or Hello there!"
          aria-describedby={`${counterId} ${id}-hint`}
          className="mt-1.5"
        />
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          Enter to speak, Shift+Enter for a new line.
        </p>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" disabled={!canSpeak} className="w-full sm:w-auto sm:self-end">
        {busy ? <BusyIcon /> : <SpeakerIcon />}
        {busy ? 'Speaking…' : 'Speak'}
      </Button>
    </form>
  );
}

function SpeakerIcon() {
  return (
    <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M11 5 6 9H3v6h3l5 4V5Z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
    </svg>
  );
}

function BusyIcon() {
  return (
    <svg className="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
