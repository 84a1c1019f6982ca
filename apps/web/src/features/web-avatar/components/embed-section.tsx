import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toastSuccess } from '../../../lib/toast';
import { embedSnippet } from '../lib/embed-snippet';
import { TextArea } from '../../../components/ui/text-area';

type EmbedSectionProps = { pageUrl: string; avatarName: string };

/**
 * The iframe snippet with a Copy button. Without clipboard access (http pages, old browsers,
 * denied permission) the snippet is selected instead so Ctrl+C / long-press copies it.
 */
export function EmbedSection({ pageUrl, avatarName }: EmbedSectionProps) {
  const snippet = embedSnippet(pageUrl, avatarName);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [status, setStatus] = useState<'idle' | 'copied' | 'selected'>('idle');
  const id = useId();

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(snippet);
      setStatus('copied');
      toastSuccess('Embed code copied');
    } catch {
      fieldRef.current?.focus();
      fieldRef.current?.select();
      setStatus('selected');
    }
  };

  return (
    <details className="group rounded-xl bg-white/70 ring-1 ring-slate-200">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2">
          <svg className="size-4 text-slate-500" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="m8 7-5 5 5 5M16 7l5 5-5 5" />
          </svg>
          Embed this avatar on your site
        </span>
        <svg className="size-4 text-slate-400 transition-transform group-open:rotate-180" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </summary>
      <div className="border-t border-slate-200 px-4 py-3">
        <label htmlFor={id} className="text-xs font-medium text-slate-600">
          Embed code
        </label>
        <TextArea id={id} ref={fieldRef} readOnly value={snippet} rows={4} onFocus={(event) => event.currentTarget.select()} tone="code" className="mt-1" />
        <div className="mt-2 flex items-center justify-between gap-3">
          <p className="text-xs text-slate-500" aria-live="polite">
            {status === 'copied' ? 'Copied to the clipboard.' : status === 'selected' ? 'Selected: press Ctrl+C (⌘C on a Mac) to copy.' : 'Paste it into any web page.'}
          </p>
          <Button variant="secondary" className="shrink-0 px-3 py-1.5" onClick={() => void copy()}>
            Copy
          </Button>
        </div>
      </div>
    </details>
  );
}
