import type { ComponentProps } from 'react';

/** The app's drop-down: a native <select> (keyboard and screen readers for free) in the form style. */
export function Select({ className = '', ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={`block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none ${className}`}
      {...props}
    />
  );
}
