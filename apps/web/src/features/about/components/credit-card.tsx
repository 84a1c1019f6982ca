import type { ReactNode } from 'react';

type CreditCardProps = { name: string; licence: string; licenceUrl?: string; usedFor: string; children?: ReactNode };

/** One credited work: what it is, what the product uses it for, its licence. */
export function CreditCard({ name, licence, licenceUrl, usedFor, children }: CreditCardProps) {
  return (
    <li className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{name}</h3>
        {licenceUrl ? (
          <a href={licenceUrl} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600" rel="noreferrer" target="_blank">
            {licence}
          </a>
        ) : (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{licence}</span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{usedFor}</p>
      {children ? <div className="mt-3 space-y-1.5 text-sm text-slate-700">{children}</div> : null}
    </li>
  );
}
