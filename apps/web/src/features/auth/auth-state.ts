import type { User } from '@avatar-factory/contracts';

/** The auth state and its initial values. */
export type AuthState = {
  isAuthenticated: boolean;
  /** True until the start-up token check has finished (also when no token exists). */
  isLoading: boolean;
  /** Which form the auth screen shows: registration (true) or sign-in (false). */
  isRegistering: boolean;
  user: User | null;
};

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  isLoading: true,
  isRegistering: false,
  user: null,
};

export type AuthAction =
  /** The current-user call succeeded (at start, after sign-in, or on update-user). */
  | { type: 'userLoaded'; user: User }
  /** The start-up check failed or there was no token: signed out, loading over. */
  | { type: 'sessionCleared' }
  | { type: 'loggedOut' }
  | { type: 'registeringSet'; isRegistering: boolean };

/** Authentication as a pure transition function. */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'userLoaded':
      return { ...state, user: action.user, isAuthenticated: true, isLoading: false };
    case 'sessionCleared':
      return { ...state, user: null, isAuthenticated: false, isLoading: false };
    case 'loggedOut':
      return { ...state, user: null, isAuthenticated: false, isLoading: false, isRegistering: false };
    case 'registeringSet':
      return { ...state, isRegistering: action.isRegistering };
  }
}
