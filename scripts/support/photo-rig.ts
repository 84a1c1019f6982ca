import fs from 'node:fs';
import { avatarPipeline } from '../../apps/server/src/engines/avatar-pipeline';

/** The avatar pipeline's rig of a photo file, as a finished avatar gets it; a refused photo ends the process with its reason. */
export async function rigOfPhotoOrExit(photo: string) {
  const analysed = await avatarPipeline.analyse(await avatarPipeline.normalise(fs.readFileSync(photo)));
  if (!analysed.face.ok) {
    console.error(`refused: ${analysed.face.message}`);
    process.exit(1);
  }
  return avatarPipeline.buildRig(analysed.image, analysed.face);
}
