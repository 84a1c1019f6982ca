import type { SpeechResponse } from '@avatar-factory/contracts';
import { useCallback, useRef, useState } from 'react';

/**
 * Plays speech answers one after another through LiveAvatar's `speech` / `onSpeechEnd`: the first
 * answer starts at once, later ones wait their turn, so sentences are heard in order.
 */
export function useSentenceQueue() {
  const [current, setCurrent] = useState<SpeechResponse | null>(null);
  const [playing, setPlaying] = useState(false);
  const queue = useRef<SpeechResponse[]>([]);
  const active = useRef(false);

  const enqueue = useCallback((answer: SpeechResponse) => {
    if (active.current) {
      queue.current.push(answer);
      return;
    }
    active.current = true;
    setPlaying(true);
    setCurrent(answer);
  }, []);

  const onSpeechEnd = useCallback(() => {
    const next = queue.current.shift();
    if (next) {
      setCurrent(next);
      return;
    }
    active.current = false;
    setPlaying(false);
    setCurrent(null);
  }, []);

  return { current, playing, enqueue, onSpeechEnd };
}
