import * as Accordion from '@radix-ui/react-accordion';
import type { Language, RecordedSentence, SuggestedSentence } from '@avatar-factory/contracts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { formatQuality, sentenceLabel, type SentenceLabel } from '../lib/recording-progress';
import { VoiceRecorder } from './voice-recorder';

type SentenceCardProps = {
  /** This card is the open accordion item. */
  open: boolean;
  index: number;
  total: number;
  sentence: SuggestedSentence;
  take: RecordedSentence | undefined;
  uploading: boolean;
  language: Language;
  autoStop: boolean;
  disabled: boolean;
  onRecorded: (audio: Blob) => void;
  onPrevious: () => void;
  onNext: () => void;
};

const labelStyles: Record<SentenceLabel, string> = {
  Completed: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  Failed: 'bg-red-50 text-red-700 ring-red-200',
  Processing: 'bg-sky-50 text-sky-700 ring-sky-200',
  'Not recorded': 'bg-slate-100 text-slate-600 ring-slate-200',
};

const labelIcons: Record<SentenceLabel, string> = {
  Completed: 'm8 12.5 2.5 2.5L16 9.5',
  Failed: 'M9 9l6 6m0-6-6 6',
  Processing: 'M12 7v5l3 2',
  'Not recorded': 'M8 12h8',
};

/** One 'Sentence N' item of the accordion: label, text, recorder, alerts, Previous/Next. */
export function SentenceCard(props: SentenceCardProps) {
  const { open, index, total, sentence, take, uploading, language, autoStop, disabled, onRecorded, onPrevious, onNext } = props;
  const label = sentenceLabel(take, uploading);
  const title = `Sentence ${index + 1}`;

  return (
    <Accordion.Item value={sentence.id} className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 data-[state=open]:ring-2 data-[state=open]:ring-indigo-500">
      <Accordion.Header>
        <Accordion.Trigger className="group flex w-full items-center gap-3 px-3 py-3 sm:px-4 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600">
          <span className="font-semibold text-slate-900">{title}</span>
          <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${labelStyles[label]}`}>
            <svg className="size-3.5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d={labelIcons[label]} />
            </svg>
            {label}
          </span>
          <span className="ml-auto hidden min-w-0 flex-1 truncate text-right text-sm text-slate-500 sm:block group-data-[state=open]:invisible" lang={language}>
            {sentence.text}
          </span>
          <svg className="ml-auto size-5 shrink-0 text-slate-400 transition-transform group-data-[state=open]:rotate-180 sm:ml-0" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </Accordion.Trigger>
      </Accordion.Header>
      {/* Kept mounted while closed so a finished take stays playable after moving on. */}
      <Accordion.Content forceMount className="space-y-4 border-t border-slate-100 px-3 pt-4 pb-4 data-[state=closed]:hidden sm:px-4">
        <p className="text-lg leading-relaxed font-medium text-slate-900 sm:text-xl" lang={language}>
          {sentence.text}
        </p>

        {label === 'Completed' ? (
          <Alert tone="success" title="Recording completed">
            You can re-record this sentence if needed
          </Alert>
        ) : null}
        {label === 'Failed' ? (
          <Alert tone="error" title="Recording Failed">
            {take?.error_message || 'Recording processing failed'}
          </Alert>
        ) : null}
        {label === 'Processing' ? (
          <Alert tone="info" title="Processing">
            Your recording is being processed...
          </Alert>
        ) : null}
        {take && take.status === 'ready' && typeof take.quality_score === 'number' ? (
          <p className="text-sm text-slate-600">
            Quality Score: <span className="font-semibold text-slate-900 tabular-nums">{formatQuality(take.quality_score)}</span>
          </p>
        ) : null}

        <VoiceRecorder
          language={language}
          autoStop={autoStop}
          disabled={disabled || label === 'Processing'}
          onRecordingComplete={(audio) => onRecorded(audio)}
          context={title}
          active={open}
        />

        <div className="flex items-center justify-between gap-2 pt-1">
          <Button variant="secondary" onClick={onPrevious} disabled={index === 0}>
            Previous
          </Button>
          <span className="text-xs text-slate-500 tabular-nums">
            {index + 1} / {total}
          </span>
          <Button variant="secondary" onClick={onNext} disabled={index === total - 1}>
            Next
          </Button>
        </div>
      </Accordion.Content>
    </Accordion.Item>
  );
}
