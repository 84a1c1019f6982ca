// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { ValidationStatus } from '../lib/generate-button';
import { validationMessages } from '../lib/validation-messages';
import { CreateAvatarForm } from './create-avatar-form';

afterEach(() => {
  cleanup();
  toast.dismiss();
});

/** Titles of the toasts shown since `from` (sonner keeps its history across tests). */
const titlesSince = (from: number) => toast.getHistory().slice(from).map((t) => ('title' in t ? t.title : undefined));

function renderForm(file: File | null, status: ValidationStatus) {
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CreateAvatarForm file={file} onFile={() => undefined} validation={{ status, result: null }} tasks={[]} readyModels={[]} onCreated={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const form = view.container.querySelector('form');
  if (!form) throw new Error('no form');
  return form;
}

describe('CreateAvatarForm submit', () => {
  it('submitting without any photo (so without a passed validation) toasts the Japanese error', () => {
    const form = renderForm(null, 'idle');
    expect(screen.getByTestId('generate-button').textContent).toBe('Upload Photo First');
    const before = toast.getHistory().length;
    fireEvent.submit(form);
    expect(titlesSince(before)).toEqual([validationMessages.notValidated]);
  });

  it('submitting while the photo is still being checked toasts the same error', () => {
    const form = renderForm(new File(['x'], 'me.png', { type: 'image/png' }), 'validating');
    expect(screen.getByTestId('generate-button').textContent).toBe('Validating Image...');
    const before = toast.getHistory().length;
    fireEvent.submit(form);
    expect(titlesSince(before)).toEqual([validationMessages.notValidated]);
  });
});
