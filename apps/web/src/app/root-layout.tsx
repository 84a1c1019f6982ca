import { Outlet } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { FullPageSpinner } from '../components/ui/spinner';
import { TopNav } from '../components/layouts/top-nav';

/** Every route renders here: a loading indicator until the auth state resolves, then nav + page. */
export function RootLayout() {
  const auth = useAuth();
  if (auth.isLoading) return <FullPageSpinner />;
  return (
    <div className="flex min-h-dvh flex-col">
      {auth.isAuthenticated ? <TopNav userEmail={auth.user?.email ?? null} onSignOut={auth.logout} /> : null}
      <Outlet />
    </div>
  );
}
