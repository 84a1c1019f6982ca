import { PublicFooter } from './public-footer';

/** What a visitor sees for an unknown, unpublished or deleted avatar. */
export function AvatarNotFound() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50 via-white to-white">
      <main className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center">
        <div className="flex size-14 items-center justify-center rounded-full bg-indigo-100 text-indigo-600">
          <svg className="size-7" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21c1.2-4 4.3-6 8-6s6.8 2 8 6M3 3l18 18" />
          </svg>
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">Avatar not found</h1>
        <p className="mt-2 max-w-sm text-slate-600">This avatar does not exist or is no longer published.</p>
      </main>
      <PublicFooter />
    </div>
  );
}
