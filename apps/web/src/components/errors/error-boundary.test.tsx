// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';
import { ErrorFallback } from './error-fallback';

function Thrower({ message }: { message: string }): never {
  throw new Error(message);
}

afterEach(cleanup);

describe('ErrorBoundary', () => {
  it('shows the spec texts and the error message when a child throws', () => {
    // React and the boundary log the caught error; keep the test output readable.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Thrower message="Tasks could not be drawn" />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Tasks could not be drawn')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    consoleError.mockRestore();
  });

  it('falls back to the generic text for an error without a message', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Thrower message="" />
      </ErrorBoundary>,
    );
    expect(screen.getByText('An unexpected error occurred.')).toBeTruthy();
    consoleError.mockRestore();
  });

  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});

describe('ErrorFallback', () => {
  it('reloads when the button is pressed', () => {
    const onReload = vi.fn();
    render(<ErrorFallback error={new Error('boom')} onReload={onReload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
