import type { Rig } from '../types';

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
