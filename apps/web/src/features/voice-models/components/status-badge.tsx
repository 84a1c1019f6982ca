import type { VoiceModelStatus } from '@avatar-factory/contracts';

const styles: Record<VoiceModelStatus, { label: string; className: string; dot: string }> = {
  recording: { label: 'Recording', className: 'bg-slate-100 text-slate-700 ring-slate-300', dot: 'bg-slate-400' },
  training: { label: 'Training', className: 'bg-sky-50 text-sky-700 ring-sky-200', dot: 'bg-sky-500 animate-pulse' },
  ready: { label: 'Ready', className: 'bg-emerald-50 text-emerald-700 ring-emerald-200', dot: 'bg-emerald-500' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-700 ring-red-200', dot: 'bg-red-500' },
};

/** The model's status as a coloured pill (the colour repeats the word, never replaces it). */
export function StatusBadge({ status }: { status: VoiceModelStatus }) {
  const style = styles[status];
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${style.className}`}>
      <span className={`size-1.5 rounded-full ${style.dot}`} aria-hidden="true" />
      {style.label}
    </span>
  );
}
