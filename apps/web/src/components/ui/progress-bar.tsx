import { cn } from '../../lib/cn';
type ProgressBarProps = { value: number; label: string; className?: string; tone?: 'indigo' | 'emerald' | 'yellow' | 'red' };

const fills = { indigo: 'bg-indigo-600', emerald: 'bg-emerald-500', yellow: 'bg-yellow-400', red: 'bg-red-500' } as const;

/** A determinate progress bar (role=progressbar, 0-100). */
export function ProgressBar({ value, label, className = '', tone = 'indigo' }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div className={`h-full rounded-full transition-[width] duration-500 ${fills[tone]}`} style={{ width: `${clamped}%` }} />
    </div>
  );
}
