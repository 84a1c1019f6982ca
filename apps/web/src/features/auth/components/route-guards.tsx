import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../auth-context';

/** An unauthenticated visitor of a protected route goes to /auth. */
export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Outlet /> : <Navigate to="/auth" replace />;
}

/** A signed-in visitor of /auth goes to /. */
export function RedirectIfAuthenticated() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Navigate to="/" replace /> : <Outlet />;
}
