import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'success' | 'warning' | 'info' | 'error' | 'neutral';

const tones: Record<BadgeTone, string> = {
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  warning: 'bg-yellow-50 text-yellow-800 ring-yellow-600/30',
  info: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  error: 'bg-red-50 text-red-700 ring-red-600/20',
  neutral: 'bg-slate-100 text-slate-600 ring-slate-500/20',
};

const dots: Record<BadgeTone, string> = {
  success: 'bg-emerald-500',
  warning: 'bg-yellow-500',
  info: 'bg-sky-500 animate-pulse',
  error: 'bg-red-500',
  neutral: 'bg-slate-400',
};

/** A small status pill; `data-tone` lets tests and styles read the tone without parsing classes. */
export function Badge({ tone, children, className = '' }: { tone: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      data-tone={tone}
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', tones[tone], className)}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${dots[tone]}`} />
      {children}
    </span>
  );
}
