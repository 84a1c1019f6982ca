import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that take minutes, started before the rest. On a fresh clone Vitest knows no file's
 * duration and starts the largest files first; the corpus-quality shards are three lines each (they
 * call a suite), so they started last, 345 s into the unit run, and the two cores then spent 270 s
 * on them alone: the run took 616 s for 1090 s of files on two workers.
 */
const MINUTES_LONG = [/corpus-quality-\d+-of-\d+\.test\.ts$/];

class MinutesLongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projectOrder = new Map<string, number>();
    for (const file of sorted) if (!projectOrder.has(file.project.name)) projectOrder.set(file.project.name, projectOrder.size);
    const long = (file: TestSpecification) => (MINUTES_LONG.some((pattern) => pattern.test(file.moduleId)) ? 0 : 1);
    // Array sort is stable: within a project and a kind, the base sequencer's order stays.
    return [...sorted].sort((a, b) => projectOrder.get(a.project.name)! - projectOrder.get(b.project.name)! || long(a) - long(b));
  }
}

/**
 * Three suites, run in this order by scripts/test.mjs:
 * - unit: `*.test.ts(x)` beside the code (engines, pure logic, components)
 * - api:  `*.api.test.ts`, the real Fastify app over PGlite, then over PostgreSQL (DB_KIND)
 * - e2e:  `apps/web/e2e/*.e2e.test.ts` (headless Chromium against a real server) and
 *         `*.browser.test.ts` files in packages (engines checked in a real browser)
 */
export default defineConfig({
  test: {
    sequence: { sequencer: MinutesLongFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.api.test.ts', '**/*.browser.test.ts', '**/node_modules/**'],
          setupFiles: ['apps/web/src/testing/testing-library-timeout.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Both cores: Vitest's default leaves one free, which on this 2-core machine ran every
          // unit file one after another.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          globalSetup: ['apps/server/src/testing/migrated-pglite.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts', 'packages/*/src/**/*.browser.test.ts'],
          // A page settles after a click or navigation in its own time; every state read polls
          // (expect.poll) and a busy 2-core CI machine gets as long as Playwright's own waits.
          expect: { poll: { timeout: 10_000, interval: 50 } },
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // Two files at a time: each starts its own server (free port, fresh data folder) and
          // browser, and a page spends most of its time waiting on the server or on frames.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
