// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider onLoggedOut={() => {}}>
        <AppRoutes />
      </AppProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// Without a stored token the start-up check needs no server, so these run without one;
// the signed-in paths are covered by the browser tests against the real server.
describe('routes when signed out', () => {
  it.each(['/', '/voice-models', '/avatars/abc/edit'])('%s redirects to the sign-in screen', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('an unknown path shows the 404 page with a link home', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home page' }).getAttribute('href')).toBe('/');
  });
});

describe('auth screen', () => {
  it('toggles between sign-in and registration with the spec texts', async () => {
    renderAt('/auth');
    expect(await screen.findByText('Sign in to your account to continue')).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('type')).toBe('email');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New user? Create an account' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.getByText('Start creating your own avatars')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Confirm password')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('refuses mismatched passwords before calling the server', async () => {
    renderAt('/auth');
    fireEvent.click(await screen.findByRole('button', { name: 'New user? Create an account' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'correct horsf' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Create account' }));
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });
});
