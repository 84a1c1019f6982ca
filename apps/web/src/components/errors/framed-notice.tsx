import { LogoMark } from '../ui/logo';

/**
 * Only the public Web Avatar page may live inside another site's frame: the signed-in app (and its
 * other pages) never render there, so an embedding page cannot show or steer a user's account.
 */
export function FramedNotice() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <LogoMark className="size-8" />
      <h1 className="text-lg font-semibold text-slate-900">This page opens in its own window</h1>
      <a
        href={window.location.href}
        target="_blank"
        rel="noopener noreferrer"
        className="rounded text-sm font-medium text-indigo-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Open Avatar Factory in a new window
      </a>
    </main>
  );
}
