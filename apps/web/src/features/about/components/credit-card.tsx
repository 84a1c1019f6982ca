import type { ReactNode } from 'react';

type CreditCardProps = { name: string; licence: string; licenceUrl?: string; usedFor: string; children?: ReactNode };

/** One credited work: what it is, what the product uses it for, its licence. */
export function CreditCard({ name, licence, licenceUrl, usedFor, children }: CreditCardProps) {
  return (
    <li className="min-w-0 rounded-xl bg-white p-5 ring-1 ring-slate-200 break-words">
      {/* The licence pill sits in the same place on every card: under the name on a phone, top right from 640 px. */}
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-between sm:gap-3">
        <h3 className="min-w-0 font-semibold text-slate-900">{name}</h3>
        {licenceUrl ? (
          <a href={licenceUrl} className="shrink-0 rounded-full bg-indigo-50 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600" rel="noreferrer" target="_blank">
            {licence}
          </a>
        ) : (
          <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-slate-700">{licence}</span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{usedFor}</p>
      {children ? <div className="mt-3 space-y-1.5 text-sm text-slate-700">{children}</div> : null}
    </li>
  );
}
