import type { ReactNode } from 'react';

type PageShellProps = { title: string; description?: string; actions?: ReactNode; children?: ReactNode };

/** The common frame of a signed-in page: title, optional lead text and actions, then content. */
export function PageShell({ title, description, actions, children }: PageShellProps) {
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      {/* Title and actions share a row only while both fit; otherwise the actions wrap below. */}
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {description ? <p className="mt-2 max-w-2xl text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-col sm:shrink-0 sm:flex-row sm:whitespace-nowrap">{actions}</div> : null}
      </div>
      <div className="mt-8">{children}</div>
    </main>
  );
}
