import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'link' | 'danger' | 'ghost-danger';

const variants: Record<Variant, string> = {
  primary:
    'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 active:bg-indigo-700 disabled:bg-indigo-300 px-4 py-2.5',
  secondary:
    'bg-white text-slate-700 ring-1 ring-slate-300 shadow-sm hover:bg-slate-50 active:bg-slate-100 disabled:text-slate-400 px-4 py-2.5',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 px-3 py-2.5',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-500 active:bg-red-700 disabled:bg-red-300 px-4 py-2.5',
  'ghost-danger': 'text-red-600 hover:bg-red-50 hover:text-red-700 disabled:text-red-300 px-3 py-2.5',
  link: 'text-indigo-600 hover:text-indigo-500 hover:underline underline-offset-4 p-0',
};

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant };

/**
 * No colour transition: a button that becomes enabled would fade in from its disabled colours,
 * and for those 150 ms its text fails WCAG contrast (axe caught it mid-fade).
 */
export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
