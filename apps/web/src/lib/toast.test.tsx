// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { maxVisibleToasts, toastDurations, toastError, toastInfo, toastSuccess } from './toast';

afterEach(() => {
  toast.dismiss();
  cleanup();
});

function durationOf(id: string | number): number | undefined {
  const entry = toast.getHistory().find((t) => t.id === id);
  return entry && 'duration' in entry ? entry.duration : undefined;
}

describe('toast helpers', () => {
  it('use the spec durations: success 3 s, error 4 s, default 5 s', async () => {
    expect(toastDurations).toEqual({ default: 5000, success: 3000, error: 4000 });
    render(<Toaster visibleToasts={maxVisibleToasts} />);
    let ids: Array<string | number> = [];
    act(() => {
      ids = [toastSuccess('Saved'), toastError('Failed'), toastInfo('Heads up')];
    });
    expect(ids.map(durationOf)).toEqual([3000, 4000, 5000]);
    // Sonner mounts toasts on a later tick.
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Heads up')).toBeTruthy();
  });

  it('let a caller override the duration (e.g. the 5 s generation-start toast)', () => {
    render(<Toaster />);
    let id: string | number = '';
    act(() => {
      id = toastSuccess('Avatar Generation Started!', { duration: 5000 });
    });
    expect(durationOf(id)).toBe(5000);
  });

  it('keep up to 20 toasts on screen at once', async () => {
    expect(maxVisibleToasts).toBe(20);
    render(<Toaster visibleToasts={maxVisibleToasts} />);
    act(() => {
      for (let i = 1; i <= 22; i += 1) toastInfo(`Toast ${i}`);
    });
    await screen.findByText('Toast 22');
    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]').length).toBe(22));
    // The newest 20 are visible; the two oldest wait hidden until there is room.
    expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]').length).toBe(20);
  });
});
