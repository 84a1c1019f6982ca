// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StartTrainingCard } from './start-training-card';

afterEach(cleanup);

function renderCard(readyCount: number, training = false) {
  return render(
    <StartTrainingCard readyCount={readyCount} minRecordings={5} requiredRecordings={10} training={training} trainingProgress={null} onStart={() => undefined} />,
  );
}

describe('StartTrainingCard', () => {
  it('shows a yellow Quality Warning below the required count', () => {
    renderCard(6);
    expect(screen.getByText('You have completed the minimum required recordings (6/5) to start training.')).toBeTruthy();
    const warning = screen.getByText('Quality Warning').closest('[role="status"]');
    expect(warning?.textContent).toContain(
      'For optimal voice quality, we recommend recording all 10 sentences. Training with only 6/10 recordings may result in lower quality.',
    );
    const classes = warning?.className.split(' ') ?? [];
    expect(classes).toEqual(expect.arrayContaining(['bg-yellow-50', 'text-yellow-800', 'ring-yellow-200']));
    expect(classes.some((name) => name.includes('amber'))).toBe(false);
  });

  it('has no warning once every required sentence is recorded', () => {
    renderCard(10);
    expect(screen.queryByText('Quality Warning')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Voice Model Training' })).toBeTruthy();
  });

  it('reads Training in Progress... while busy, with the info alert', () => {
    renderCard(10, true);
    expect(screen.getByRole('button', { name: /Training in Progress\.\.\./ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText("This may take several minutes. You'll be notified when it's complete.")).toBeTruthy();
  });
});
