// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VoiceRecorder } from './voice-recorder';

afterEach(cleanup);

describe('VoiceRecorder without a usable microphone', () => {
  it('shows the spec alert and stays ready to try again (happy-dom has no getUserMedia)', async () => {
    const takes: Blob[] = [];
    render(<VoiceRecorder language="ja" autoStop={false} onRecordingComplete={(blob) => takes.push(blob)} context="Sentence 1" />);
    expect(screen.getByLabelText('Recording duration').textContent).toBe('0:00');
    expect((screen.getByRole('button', { name: 'Play recording (Sentence 1)' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Start recording (Sentence 1)' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to access microphone. Please ensure microphone permissions are granted.');
    expect((screen.getByRole('button', { name: 'Start recording (Sentence 1)' }) as HTMLButtonElement).disabled).toBe(false);
    expect(takes).toHaveLength(0);
  });
});
