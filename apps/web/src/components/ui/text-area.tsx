import type { ComponentProps } from 'react';

const tones = {
  /** Text a person types. */
  field: 'bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-slate-300 placeholder:text-slate-400 sm:text-sm',
  /** Code to read and copy (read-only snippets). */
  code: 'bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-800 ring-slate-200',
};

/** The app's multi-line text box, in the form style. */
export function TextArea({ tone = 'field', className = '', ...props }: ComponentProps<'textarea'> & { tone?: keyof typeof tones }) {
  return <textarea className={`block w-full resize-none rounded-lg border-0 ring-1 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none ${tones[tone]} ${className}`} {...props} />;
}
