import { Button } from '../ui/button';

type ErrorFallbackProps = { error: Error; onReload?: () => void };

export function ErrorFallback({ error, onReload = () => window.location.reload() }: ErrorFallbackProps) {
  return (
    <div role="alert" className="flex min-h-dvh items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-lg ring-1 ring-slate-200">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-100 text-red-600">
          <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M12 8v5m0 3h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z" />
          </svg>
        </div>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-sm break-words text-slate-600">{error.message || 'An unexpected error occurred.'}</p>
        <Button className="mt-6" onClick={onReload}>
          Reload page
        </Button>
      </div>
    </div>
  );
}
