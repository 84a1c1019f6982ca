/**
 * `npm run bench`: every package's benchmark rows, then the server's and the web app's, printed as one table.
 * Each package exports `benchRows()` from its bench/index.ts; figures go into docs/benchmarks.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Row = { name: string; value: number; unit: string; goal?: string };

const root = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const sources = [
  ...fs.readdirSync(path.join(root, 'packages')).map((name) => path.join(root, 'packages', name, 'bench/index.ts')),
  path.join(root, 'apps/server/bench/index.ts'),
  path.join(root, 'apps/web/bench/index.ts'),
].filter((file) => fs.existsSync(file) && (only.length === 0 || only.some((word) => file.includes(word))));

const rows: Row[] = [];
for (const file of sources) {
  const label = path.relative(root, path.dirname(path.dirname(file)));
  process.stderr.write(`bench: ${label} ...\n`);
  const started = performance.now();
  try {
    const module = (await import(pathToFileURL(file).href)) as { benchRows?: () => Promise<Row[]> };
    rows.push(...((await module.benchRows?.()) ?? []));
  } catch (error) {
    rows.push({ name: `${label}: FAILED (${error instanceof Error ? error.message : String(error)})`, value: NaN, unit: '' });
  }
  process.stderr.write(`bench: ${label} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

const table = [['benchmark', 'value', 'unit', 'goal'], ...rows.map((row) => [row.name, String(row.value), row.unit, row.goal ?? ''])];
const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(line(table[0]!));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const cells of table.slice(1)) console.log(line(cells));
console.log(`\nmachine: ${process.platform} ${process.arch}, node ${process.version}, ${new Date().toISOString()}`);
process.exit(0);
