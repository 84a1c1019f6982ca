import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type Tone = 'error' | 'success' | 'info' | 'warning';

const tones: Record<Tone, { box: string; icon: ReactNode }> = {
  error: {
    box: 'bg-red-50 text-red-800 ring-red-200',
    icon: <path d="M12 8v5m0 3h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z" />,
  },
  success: {
    box: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    icon: <path d="m8 12.5 2.5 2.5L16 9.5M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z" />,
  },
  info: {
    box: 'bg-sky-50 text-sky-800 ring-sky-200',
    icon: <path d="M12 11v5m0-8h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z" />,
  },
  warning: {
    box: 'bg-amber-50 text-amber-800 ring-amber-200',
    icon: <path d="M12 9v4m0 3h.01M10.3 4.2 2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0Z" />,
  },
};

type AlertProps = { tone: Tone; title?: string; children?: ReactNode; className?: string };

/** Errors interrupt (role=alert); other tones are polite status messages. */
export function Alert({ tone, title, children, className = '' }: AlertProps) {
  const { box, icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg p-3 text-sm ring-1 ring-inset', box, className)}
    >
      <svg className="mt-px size-5 shrink-0" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {icon}
      </svg>
      <div className="min-w-0">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
      </div>
    </div>
  );
}
