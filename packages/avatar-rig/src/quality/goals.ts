/** What an avatar from an in-range photo must reach (issue 9): the avatar report and the corpus tests judge by these. */
export const QUALITY_GOALS = {
  /** Rest frame against the photo in the face box. */
  minRestPsnrDb: 35,
  /** Human's inner-lip gap over mouth width on the rendered 'aa' frame. */
  minMouthGapAa: 0.3,
  /** The same on the rendered 'PP' frame. */
  maxMouthGapPp: 0.05,
  /** A full blink shuts both eyes: the share of their rest gap the lids' middle columns keep at most (see openAtBlink). */
  maxOpenAtBlink: 0.1,
} as const;

/** Whether Human's gap on the 'aa' frame reads the mouth open enough (null: no face read, a miss). */
export const opensEnough = (gapAa: number | null) => gapAa !== null && gapAa >= QUALITY_GOALS.minMouthGapAa;
/** Whether Human's gap on the 'PP' frame reads the lips shut (null: no face read, a miss). */
export const closesEnough = (gapPp: number | null) => gapPp !== null && gapPp <= QUALITY_GOALS.maxMouthGapPp;
/** Whether a full blink shuts both eyes (null: no avatar, a miss). */
export const shutsOnBlink = (openAtBlink: number | null) => openAtBlink !== null && openAtBlink <= QUALITY_GOALS.maxOpenAtBlink;
