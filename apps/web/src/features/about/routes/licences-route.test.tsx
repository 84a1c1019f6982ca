// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LicencesRoute } from './licences-route';

afterEach(cleanup);

const credits = readFileSync(path.resolve(import.meta.dirname, '../../../../../../packages/speech/CREDITS.md'), 'utf8');
const squash = (text: string) => text.replace(/\s+/g, ' ').replace(/`/g, '').trim();

/** The attribution bullets of the two HTS voices, as the speech package words them. */
function voiceAttributions(): string[] {
  const voices = credits.slice(credits.indexOf('## Female voice'), credits.indexOf('The full licence notices'));
  return voices
    .split(/\n(?=- )/)
    .filter((item) => item.startsWith('- '))
    .map((item) => squash(item.split('\n\n')[0]!.slice(2)));
}

describe('About and licences', () => {
  it('quotes every attribution line of the HTS voices from packages/speech/CREDITS.md word for word', () => {
    const { container } = render(
      <MemoryRouter>
        <LicencesRoute />
      </MemoryRouter>,
    );
    const shown = squash(container.textContent ?? '');
    const lines = voiceAttributions();
    expect(lines.length).toBe(8);
    for (const line of lines) expect(shown, line).toContain(line);
    for (const name of ['Open JTalk', 'Flite', 'uzumejs', '@vladmandic/human', 'BlazeFace']) expect(shown).toContain(name);
  });
});
