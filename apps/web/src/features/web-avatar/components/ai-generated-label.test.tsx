// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AiGeneratedLabel } from './ai-generated-label';

afterEach(cleanup);

function setup() {
  render(
    <div>
      <AiGeneratedLabel productName="Kotoba" />
      <p>elsewhere</p>
    </div>,
  );
  const button = screen.getByRole('button', { name: 'AI-generated' });
  const explanation = document.getElementById(button.getAttribute('aria-controls')!)!;
  return { button, explanation };
}

describe('AiGeneratedLabel', () => {
  it('describes the button with an explanation that names the product, even while closed', () => {
    const { button, explanation } = setup();
    expect(button.getAttribute('aria-describedby')).toBe(explanation.id);
    expect(explanation.textContent).toContain('made by Kotoba');
    expect(explanation.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('a tap opens it and keeps it open; a second tap, a tap elsewhere or Escape closes it', () => {
    const { button, explanation } = setup();
    fireEvent.click(button);
    expect(explanation.hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(explanation.hidden).toBe(true);

    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(explanation.hidden).toBe(true);

    fireEvent.click(button);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(explanation.hidden).toBe(true);
  });

  it('a tap inside the explanation leaves it open', () => {
    const { button, explanation } = setup();
    fireEvent.click(button);
    fireEvent.pointerDown(explanation);
    expect(explanation.hidden).toBe(false);
  });
});
