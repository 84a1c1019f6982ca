import { cn } from '../../lib/cn';
type SpinnerProps = { className?: string; label?: string };

/** A decorative ring; the label is read by screen readers. */
export function Spinner({ className = 'size-6', label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <svg className={cn('animate-spin text-indigo-600', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

export function FullPageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-10" label="Loading" />
    </div>
  );
}
