import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { onUnauthorized } from '../../lib/api-client';
import { toastError } from '../../lib/toast';
import { getStoredToken, removeStoredToken, storeToken } from '../../lib/token-storage';
import { currentUserQueryKey, getCurrentUser } from './api/get-current-user';
import { loginWithEmailAndPassword } from './api/login';
import { AuthContext, type AuthContextValue } from './auth-context';
import { authReducer, initialAuthState } from './auth-state';

type AuthProviderProps = {
  children: ReactNode;
  /** Where logout sends the browser; a full navigation so no state of the old session survives. */
  onLoggedOut: () => void;
};

export function AuthProvider({ children, onLoggedOut }: AuthProviderProps) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const queryClient = useQueryClient();
  const signedIn = useRef(false);
  signedIn.current = state.isAuthenticated;

  // A session that ends after sign-in (expired token, deleted user, new secret): the first 401 of
  // any call signs out, and the guard of the protected routes takes the browser to /auth. The
  // start-up check and sign-in handle their own 401s (silently, or with the sign-in error).
  useEffect(
    () =>
      onUnauthorized((rejectedToken) => {
        if (!signedIn.current || getStoredToken() !== rejectedToken) return;
        signedIn.current = false;
        removeStoredToken();
        queryClient.cancelQueries();
        queryClient.clear();
        dispatch({ type: 'sessionCleared' });
        toastError('Your session has expired. Please sign in again.');
      }),
    [queryClient],
  );

  // At start, a stored token is checked with the current-user call; failure discards it.
  useEffect(() => {
    const controller = new AbortController();
    if (!getStoredToken()) {
      dispatch({ type: 'sessionCleared' });
      return () => controller.abort();
    }
    getCurrentUser(controller.signal).then(
      (user) => {
        queryClient.setQueryData(currentUserQueryKey, user);
        dispatch({ type: 'userLoaded', user });
      },
      () => {
        if (controller.signal.aborted) return;
        removeStoredToken();
        dispatch({ type: 'sessionCleared' });
      },
    );
    return () => controller.abort();
  }, [queryClient]);

  const login = useCallback(
    async (email: string, password: string) => {
      const { access_token } = await loginWithEmailAndPassword({ username: email, password });
      storeToken(access_token);
      try {
        const user = await getCurrentUser();
        queryClient.setQueryData(currentUserQueryKey, user);
        dispatch({ type: 'userLoaded', user });
      } catch (error) {
        removeStoredToken();
        throw error;
      }
    },
    [queryClient],
  );

  const logout = useCallback(() => {
    removeStoredToken();
    queryClient.clear();
    dispatch({ type: 'loggedOut' });
    onLoggedOut();
  }, [queryClient, onLoggedOut]);

  const updateUser = useCallback(async () => {
    try {
      const user = await getCurrentUser();
      queryClient.setQueryData(currentUserQueryKey, user);
      dispatch({ type: 'userLoaded', user });
    } catch (error) {
      console.error('Failed to refresh the current user', error);
    }
  }, [queryClient]);

  const setIsRegistering = useCallback((isRegistering: boolean) => {
    dispatch({ type: 'registeringSet', isRegistering });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, logout, updateUser, setIsRegistering }),
    [state, login, logout, updateUser, setIsRegistering],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
