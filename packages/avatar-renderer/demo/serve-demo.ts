/**
 * Builds the harness and serves it with a synthetic rig and a sentence from @avatar-factory/speech,
 * for trying the renderer by hand: `npm run demo -w @avatar-factory/avatar-renderer`, then open the printed URL.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemo, startStaticServer, writeSpeech, writeSyntheticBundle } from '../src/testing/demo-server';

const root = await mkdtemp(join(tmpdir(), 'avatar-renderer-demo-'));
await buildDemo(root);
await writeSyntheticBundle(join(root, 'rig'));
await writeSpeech(join(root, 'speech'), process.argv[2] ?? 'Hello! I am a synthetic avatar, and this is how I talk.');
const server = await startStaticServer(root);
console.log(`harness: ${server.url}/index.html?renderer=auto (also ?renderer=webgl2|canvas2d, &lipsync=off)`);
