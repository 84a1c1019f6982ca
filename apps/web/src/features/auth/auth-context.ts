import type { User } from '@avatar-factory/contracts';
import { createContext, useContext } from 'react';

/** The session as the screens see it: derived from the current-user query, never stored twice. */
export type AuthState = {
  isAuthenticated: boolean;
  /** True until the start-up token check has finished (false at once when no token exists). */
  isLoading: boolean;
  /** Which form the auth screen shows: registration (true) or sign-in (false). */
  isRegistering: boolean;
  user: User | null;
};

export type AuthContextValue = AuthState & {
  /** Signs in, stores the token and loads the user; rejects on any failure (token removed). */
  login: (email: string, password: string) => Promise<void>;
  /** Removes the token, clears the state and goes to the home URL. */
  logout: () => void;
  /** Re-reads the current user; on failure logs to the console and leaves the state as it was. */
  updateUser: () => Promise<void>;
  setIsRegistering: (isRegistering: boolean) => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
