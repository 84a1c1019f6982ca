// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SpeakForm } from './speak-form';

afterEach(cleanup);

function setup(busy = false) {
  const spoken: string[] = [];
  render(<SpeakForm avatarName="Grace" busy={busy} error={null} onSpeak={(text) => spoken.push(text)} />);
  const box = screen.getByRole('textbox', { name: 'What should Grace say?' }) as HTMLTextAreaElement;
  return { spoken, box };
}

describe('SpeakForm', () => {
  it('Enter speaks the trimmed text, Shift+Enter does not', () => {
    const { spoken, box } = setup();
    fireEvent.change(box, { target: { value: '  Hello there  ' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(spoken).toEqual([]);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(spoken).toEqual(['Hello there']);
  });

  it('counts characters up to 200 and cuts longer input', () => {
    const { box } = setup();
    expect(screen.getByText('0/200')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'あ'.repeat(250) } });
    expect(box.value.length).toBe(200);
    expect(screen.getByText('200/200')).toBeTruthy();
  });

  it('the Speak button is disabled for blank text and while busy', () => {
    const { box } = setup();
    const button = screen.getByRole('button', { name: 'Speak' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'Hi' } });
    expect(button.disabled).toBe(false);
    cleanup();
    const busy = setup(true);
    fireEvent.change(busy.box, { target: { value: 'Hi' } });
    expect((screen.getByRole('button', { name: 'Speaking…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
