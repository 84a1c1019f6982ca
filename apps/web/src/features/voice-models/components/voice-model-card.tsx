import type { VoiceModel } from '@avatar-factory/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { formatQuality } from '../lib/recording-progress';
import { StatusBadge } from './status-badge';

type VoiceModelCardProps = {
  model: VoiceModel;
  selected: boolean;
  onSelect: () => void;
  onCancelTraining: () => void;
  onDelete: () => void;
  busy: boolean;
};

/**
 * One model in the grid: name, status badge, 'Recorded Sentences', 'Quality Score' %,
 * cancel while training, otherwise delete behind a confirmation. Selecting the card opens its
 * training session; the actions are separate buttons so no control is nested in another.
 */
export function VoiceModelCard({ model, selected, onSelect, onCancelTraining, onDelete, busy }: VoiceModelCardProps) {
  const [confirming, setConfirming] = useState(false);
  const training = model.status === 'training';
  const created = new Date(model.created_at);

  return (
    <li
      className={`group relative flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 transition-shadow hover:shadow-md ${
        selected ? 'ring-2 ring-indigo-600' : 'ring-slate-200'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-base font-semibold text-slate-900">
          <button
            type="button"
            onClick={onSelect}
            aria-pressed={selected}
            className="text-left break-words after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-indigo-600"
          >
            {model.name}
          </button>
        </h3>
        <StatusBadge status={model.status} />
      </div>
      <p className="mt-1 text-xs text-slate-500">
        {model.metadata.language === 'en' ? 'English' : 'Japanese'}
        {Number.isNaN(created.getTime()) ? null : <> · {created.toLocaleDateString()}</>}
      </p>
      <dl className="mt-4 flex flex-wrap gap-3 text-sm">
        {typeof model.metadata.sentence_count === 'number' ? (
          <div className="flex-1 rounded-lg bg-slate-50 px-3 py-2 whitespace-nowrap">
            <dt className="text-xs text-slate-500">Recorded Sentences</dt>
            <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">{model.metadata.sentence_count}</dd>
          </div>
        ) : null}
        {typeof model.metadata.quality_score === 'number' ? (
          <div className="flex-1 rounded-lg bg-slate-50 px-3 py-2 whitespace-nowrap">
            <dt className="text-xs text-slate-500">Quality Score</dt>
            <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">{formatQuality(model.metadata.quality_score)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="relative z-10 mt-4 flex justify-end border-t border-slate-100 pt-3">
        {training ? (
          <Button variant="secondary" onClick={onCancelTraining} disabled={busy} aria-label={`Cancel training of ${model.name}`}>
            Cancel Training
          </Button>
        ) : (
          <Button
            variant="ghost-danger"
            onClick={() => setConfirming(true)}
            disabled={busy}
            aria-label={`Delete ${model.name}`}
          >
            <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d="M4 7h16M10 11v6m4-6v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
            </svg>
            Delete
          </Button>
        )}
      </div>
      <ModalDialog
        open={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title="Delete voice model"
        description="Are you sure you want to delete this voice model?"
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(false);
              onDelete();
            }}
          >
            Delete
          </Button>
        </div>
      </ModalDialog>
    </li>
  );
}
