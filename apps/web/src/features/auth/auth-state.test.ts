import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, type AuthState } from './auth-state';

const user = { id: 'u-1', email: 'ada@example.com', created_at: '2026-01-01T00:00:00.000Z' };

describe('authReducer', () => {
  it('starts loading, signed out, on the sign-in form', () => {
    expect(initialAuthState).toEqual({ isAuthenticated: false, isLoading: true, isRegistering: false, user: null });
  });

  it('a loaded user signs in and ends loading', () => {
    const state = authReducer(initialAuthState, { type: 'userLoaded', user });
    expect(state).toMatchObject({ isAuthenticated: true, isLoading: false, user });
  });

  it('a failed start-up check (or no token) signs out and ends loading', () => {
    const state = authReducer(initialAuthState, { type: 'sessionCleared' });
    expect(state).toMatchObject({ isAuthenticated: false, isLoading: false, user: null });
  });

  it('logout clears the user and authentication', () => {
    const signedIn: AuthState = { isAuthenticated: true, isLoading: false, isRegistering: false, user };
    expect(authReducer(signedIn, { type: 'loggedOut' })).toEqual({
      isAuthenticated: false,
      isLoading: false,
      isRegistering: false,
      user: null,
    });
  });

  it('the toggle switches between the forms without touching the session', () => {
    const registering = authReducer(initialAuthState, { type: 'registeringSet', isRegistering: true });
    expect(registering).toEqual({ ...initialAuthState, isRegistering: true });
    expect(authReducer(registering, { type: 'registeringSet', isRegistering: false })).toEqual(initialAuthState);
  });
});
