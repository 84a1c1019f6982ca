import type { SpeechResponse } from '@avatar-factory/contracts';
import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Plays speech answers one after another through LiveAvatar's `speech` / `onSpeechEnd`: the first
 * answer starts at once, later ones wait their turn, so sentences are heard in order.
 *
 * Each answer is handed over with flushSync: answers arrive from the network, outside any React
 * event, where a plain state update waits for the scheduler and LiveAvatar's effect for a frame
 * after that (measured 50-140 ms between the answer and the player on the public page while the
 * avatar was drawing). A synchronous render reaches the player in the same task.
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
    flushSync(() => {
      setPlaying(true);
      setCurrent(answer);
    });
  }, []);

  const onSpeechEnd = useCallback(() => {
    const next = queue.current.shift();
    if (next) {
      flushSync(() => setCurrent(next));
      return;
    }
    active.current = false;
    setPlaying(false);
    setCurrent(null);
  }, []);

  return { current, playing, enqueue, onSpeechEnd };
}
