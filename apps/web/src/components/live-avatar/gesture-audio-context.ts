/**
 * An AudioContext resumed on every pointer or key gesture in the page. Browsers (Safari above all)
 * only let audio start inside a user gesture, but speech arrives later, after a network round trip:
 * resuming the context during the click on 'Speak' keeps it allowed to play when the answer comes.
 * Returns undefined where Web Audio is missing (the player then makes its own on demand).
 */
export function gestureAudioContext(): { context: AudioContext | undefined; dispose: () => void } {
  if (typeof AudioContext === 'undefined') return { context: undefined, dispose: () => {} };
  const context = new AudioContext();
  const resume = () => {
    if (context.state === 'suspended') void context.resume().catch(() => {});
  };
  const options = { capture: true, passive: true } as const;
  document.addEventListener('pointerdown', resume, options);
  document.addEventListener('keydown', resume, options);
  return {
    context,
    dispose: () => {
      document.removeEventListener('pointerdown', resume, options);
      document.removeEventListener('keydown', resume, options);
      void context.close().catch(() => {});
    },
  };
}
