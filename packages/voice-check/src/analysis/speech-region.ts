/**
 * First and last frame of sustained speech: the first and last runs of at least `minRun`
 * consecutive VAD speech frames (a click or a breath of one or two frames does not count).
 * Null when there is no such run.
 */
export function speechRegion(speech: boolean[], minRun = 3): { first: number; last: number } | null {
  let first = -1;
  let last = -1;
  let run = 0;
  for (let f = 0; f < speech.length; f++) {
    run = speech[f] ? run + 1 : 0;
    if (run >= minRun) {
      if (first < 0) first = f - minRun + 1;
      last = f;
    }
  }
  if (first < 0) return null;
  // Extend the last run to its real end.
  while (last + 1 < speech.length && speech[last + 1]) last++;
  return { first, last };
}
