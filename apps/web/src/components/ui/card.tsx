import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

type CardProps = { title?: ReactNode; description?: ReactNode; actions?: ReactNode; children?: ReactNode; className?: string; as?: 'section' | 'div' };

/** A white panel with an optional header; used for the blocks of a screen. */
export function Card({ title, description, actions, children, className = '', as: Tag = 'section' }: CardProps) {
  return (
    <Tag className={cn('rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6', className)}>
      {title || actions ? (
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            {title ? <h2 className="text-base font-semibold text-slate-900">{title}</h2> : null}
            {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
          </div>
          {actions}
        </div>
      ) : null}
      {children}
    </Tag>
  );
}
