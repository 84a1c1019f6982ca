import { Link, useMatch } from 'react-router';
import { Button } from '../ui/button';
import { LogoMark } from '../ui/logo';

type TopNavProps = { userEmail: string | null; onSignOut: () => void };

/** Shown only when signed in, the current section marked with aria-current="page". */
export function TopNav({ userEmail, onSignOut }: TopNavProps) {
  // An avatar's edit screen belongs to the avatars section (its list lives on the home page).
  const onHome = useMatch({ path: '/', end: true });
  const onAvatarEdit = useMatch('/avatars/:avatarId/edit');
  const onVoiceModels = useMatch({ path: '/voice-models', end: false });
  const links = [
    { to: '/', label: 'Create Avatar', active: Boolean(onHome ?? onAvatarEdit) },
    { to: '/voice-models', label: 'Voice Models', active: Boolean(onVoiceModels) },
  ];
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/85 backdrop-blur">
      {/*
        One row from 640 px up; below that the links drop to a second row of equal tabs. The word
        mark shows from 1024 px only (the mark alone below), so a phone's first row never wraps.
      */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 px-4 sm:h-16 sm:flex-nowrap sm:px-6">
        <Link
          to="/"
          className="flex h-14 shrink-0 items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600 sm:h-auto"
        >
          <LogoMark className="size-8" />
          <span className="sr-only lg:not-sr-only lg:text-base lg:font-bold lg:tracking-tight lg:text-slate-900">Avatar Factory</span>
        </Link>
        <nav aria-label="Main" className="order-last -mx-1 flex w-full gap-1 pb-2 sm:order-none sm:mx-0 sm:w-auto sm:flex-1 sm:pb-0">
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              aria-current={link.active ? 'page' : undefined}
              className={`flex-1 rounded-lg px-3 py-2.5 text-center text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600 sm:flex-none ${
                link.active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
              }`}
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <Link
            to="/licences"
            className="rounded-lg px-2.5 py-2.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Licences
          </Link>
          {userEmail ? (
            <span className="hidden max-w-56 truncate text-sm text-slate-500 md:inline" title={userEmail}>
              {userEmail}
            </span>
          ) : null}
          <Button variant="secondary" className="shrink-0" onClick={onSignOut}>
            Sign out
          </Button>
        </div>
      </div>
    </header>
  );
}
