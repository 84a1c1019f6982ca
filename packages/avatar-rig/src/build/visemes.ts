import type { Rig, RigWeights, VisemeId } from '../types';
import { LOWER_INNER, UPPER_INNER } from './landmarks';
import type { RigMesh } from './rig-mesh';

/**
 * Oculus 15 visemes as target weights. Shapes follow the Oculus viseme reference images: bilabials
 * closed and pressed, labiodentals with the lower lip tucked under the teeth, dentals/alveolars with
 * the tongue raised, open vowels with the jaw down, rounded vowels with lips pulled in.
 */
export const VISEME_TABLE: Rig['visemes'] = {
  sil: {},
  PP: { lipsPress: 1 },
  FF: { lowerLipTuck: 1 },
  TH: { jawOpen: 0.2, tongueUp: 0.8 },
  DD: { jawOpen: 0.25, tongueUp: 0.6, lipsSpread: 0.2 },
  kk: { jawOpen: 0.35, lipsSpread: 0.2 },
  CH: { jawOpen: 0.2, lipsRound: 0.5 },
  SS: { jawOpen: 0.1, lipsSpread: 0.6 },
  nn: { jawOpen: 0.15, tongueUp: 0.7 },
  RR: { jawOpen: 0.2, lipsRound: 0.35 },
  aa: { jawOpen: 1, lipsSpread: 0.1 },
  E: { jawOpen: 0.45, lipsSpread: 0.6 },
  I: { jawOpen: 0.3, lipsSpread: 0.8 },
  O: { jawOpen: 0.5, lipsRound: 0.8 },
  U: { jawOpen: 0.2, lipsRound: 1 },
};

/** How far apart (mouth widths, in the middle) a speaking mouth's lips come between its sounds: a relaxed mouth's. */
const RELAXED_PARTING = 0.04;

/** The visemes that keep their own closure (bilabials shut, labiodentals tucked). */
const OWN_CLOSURE = new Set<VisemeId>(['PP', 'FF']);

/**
 * The viseme table for a photo whose lips are `parted` (mouth widths, in the middle) at rest.
 * Every target moves the mouth from the photo's own: a laugh open a third of its width spoke with
 * its mouth held open, the jaw only ever going further down (clm-franck-04117, softui-ivana: the
 * whole of a sentence a laugh, shut for m, b and p alone). Talking, a mouth comes up between
 * sounds: each viseme also presses the lips by (1 - its jaw), scaled so that at no jaw the lips
 * stay RELAXED_PARTING apart; with its jaw at j its opening is then RELAXED_PARTING (1 - j) + j
 * times the photo's own, and the jaw adds its drop on top, as it does for a closed mouth. 'aa'
 * (the jaw at 1) opens as before; a mouth parted no more than RELAXED_PARTING keeps VISEME_TABLE.
 */
export function visemeTable(parted: number): Rig['visemes'] {
  const closing = parted > RELAXED_PARTING ? 1 - RELAXED_PARTING / parted : 0;
  if (closing === 0) return VISEME_TABLE;
  const table = {} as Rig['visemes'];
  for (const [id, recipe] of Object.entries(VISEME_TABLE) as Array<[VisemeId, RigWeights]>) {
    const press = OWN_CLOSURE.has(id) ? 0 : Math.round(closing * (1 - (recipe.jawOpen ?? 0)) * 1000) / 1000;
    table[id] = press > 0 ? { ...recipe, lipsPress: press } : recipe;
  }
  return table;
}

/** How far apart the mesh's inner lips are in the middle, in mouth widths (0 for closed or overlapping lips). */
export function partedInMiddle(mesh: Pick<RigMesh, 'local' | 'frame'>): number {
  return Math.max(0, mesh.local[LOWER_INNER[4]]![1] - mesh.local[UPPER_INNER[4]]![1]) / mesh.frame.mouthWidth;
}
