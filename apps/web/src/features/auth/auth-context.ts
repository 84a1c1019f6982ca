import { createContext, useContext } from 'react';
import type { AuthState } from './auth-state';

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
