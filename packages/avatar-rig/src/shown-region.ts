import type { Rig, RigRegion } from './types';

/** What players show of a rig, in portrait pixels: its view, or the whole portrait where it has none. */
export function shownRegion(rig: Pick<Rig, 'width' | 'height' | 'view'>): RigRegion {
  return rig.view ?? { x: 0, y: 0, width: rig.width, height: rig.height };
}
