// `npm run face-closeup -- PHOTO [--pose rest|blink|VISEME] [--out FILE]`: the product's avatar of
// PHOTO at one pose, zoomed on the mouth and on both eyes, with the rig's contours and the lip
// lines Human's mesh reads on that frame drawn over it, and the mouth gap it reads printed: what
// avatar-report's mouthGapAa / mouthGapPp measure, shown, for finding why a reading is off.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { VISEMES } from '@avatar-factory/contracts';
import { decodeTextures } from '@avatar-factory/avatar-rig/node';
import { visemeWeightsToTargets, type RigWeights } from '@avatar-factory/avatar-rig';
import { faceCloseup } from '@avatar-factory/avatar-rig/quality';
import { rigOfPhotoOrExit } from './support/photo-rig';

const POSES = ['rest', 'blink', ...VISEMES] as const;

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { pose: { type: 'string', default: 'PP' }, out: { type: 'string', default: '/tmp/face-closeup.png' } } });
  const photo = positionals[0];
  const pose = values.pose as (typeof POSES)[number];
  if (!photo || !fs.existsSync(photo) || !POSES.includes(pose)) {
    console.error(`usage: npm run face-closeup -- PHOTO [--pose ${POSES.join('|')}] [--out FILE]`);
    process.exit(2);
  }
  const { rig, textures } = await rigOfPhotoOrExit(photo);
  const weights: RigWeights = pose === 'rest' ? {} : pose === 'blink' ? { blinkLeft: 1, blinkRight: 1 } : visemeWeightsToTargets(rig, { [pose]: 1 });
  const closeup = await faceCloseup(rig, await decodeTextures(textures), weights);
  fs.writeFileSync(values.out, closeup.png);
  console.log(`${photo} at ${pose}: Human reads the inner lips ${closeup.mouthGap === null ? 'nowhere (no face found)' : `${closeup.mouthGap.toFixed(3)} mouth widths apart`}; close-up in ${values.out}`);
}

await main();
