import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { onUnauthorized } from '../../lib/api-client';
import { toastError } from '../../lib/toast';
import { getStoredToken, removeStoredToken, storeToken } from '../../lib/token-storage';
import { currentUserQueryKey, getCurrentUser } from './api/get-current-user';
import { loginWithEmailAndPassword } from './api/login';
import { AuthContext, type AuthContextValue } from './auth-context';

type AuthProviderProps = {
  children: ReactNode;
  /** Where logout sends the browser; a full navigation so no state of the old session survives. */
  onLoggedOut: () => void;
};

const currentUserQuery = { queryKey: currentUserQueryKey, queryFn: ({ signal }: { signal: AbortSignal }) => getCurrentUser(signal) };

/**
 * The signed-in user lives in one place, the current-user query; this provider keeps only the
 * token's presence (it enables that query) and which auth form is shown.
 */
export function AuthProvider({ children, onLoggedOut }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(getStoredToken);
  const [isRegistering, setIsRegistering] = useState(false);
  // At start, a stored token is checked with the current-user call (once: a failure is final).
  const current = useQuery({ ...currentUserQuery, enabled: token !== null, retry: false, staleTime: Infinity });
  const user = token !== null ? (current.data ?? null) : null;
  const signedIn = useRef(false);
  signedIn.current = user !== null;

  // The start-up check failed (no user was ever loaded for this token): discard the token.
  useEffect(() => {
    if (token !== null && current.isError && !current.data) {
      removeStoredToken();
      setToken(null);
    }
  }, [token, current.isError, current.data]);

  // A session that ends after sign-in (expired token, deleted user, new secret): the first 401 of
  // any call signs out, and the guard of the protected routes takes the browser to /auth. The
  // start-up check and sign-in handle their own 401s (silently, or with the sign-in error).
  useEffect(
    () =>
      onUnauthorized((rejectedToken) => {
        if (!signedIn.current || getStoredToken() !== rejectedToken) return;
        signedIn.current = false;
        removeStoredToken();
        void queryClient.cancelQueries();
        queryClient.clear();
        setToken(null);
        toastError('Your session has expired. Please sign in again.');
      }),
    [queryClient],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const { access_token } = await loginWithEmailAndPassword({ username: email, password });
      storeToken(access_token);
      try {
        await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      } catch (error) {
        removeStoredToken();
        queryClient.removeQueries({ queryKey: currentUserQueryKey });
        throw error;
      }
      setToken(access_token);
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    removeStoredToken();
    queryClient.clear();
    setToken(null);
    setIsRegistering(false);
    onLoggedOut();
  }, [queryClient, onLoggedOut]);

  const updateUser = useCallback(async () => {
    try {
      // A failed refresh keeps the user the query already holds.
      await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
    } catch (error) {
      console.error('Failed to refresh the current user', error);
    }
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isAuthenticated: user !== null,
      isLoading: token !== null && current.isPending,
      isRegistering,
      login,
      logout,
      updateUser,
      setIsRegistering,
    }),
    [user, token, current.isPending, isRegistering, login, logout, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
