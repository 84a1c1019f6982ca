import { homeUrl } from '../../../lib/env';
import { LogoMark } from '../../../components/ui/logo';

/**
 * Light branding and the licences credit link, on every public page. The link opens a new page:
 * inside an embedding site's frame the page must stay the avatar.
 */
export function PublicFooter() {
  return (
    <footer className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-3 text-xs text-slate-500">
      <span className="inline-flex items-center gap-1.5">
        <LogoMark className="size-4" />
        Powered by <span className="font-semibold text-slate-700">Avatar Factory</span>
      </span>
      <a href={`${homeUrl}licences`} target="_blank" rel="noopener noreferrer" className="rounded px-1 py-3 underline-offset-4 hover:text-slate-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600">
        About and licences
      </a>
    </footer>
  );
}
