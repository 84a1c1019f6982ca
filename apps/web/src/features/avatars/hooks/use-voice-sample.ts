import { useCallback, useEffect, useRef, useState } from 'react';

export type SampleVoice = 'female' | 'male';

/** `${BASE_URL}voices/{voice}-sample.wav`, made by the server's speech engine. */
export function sampleUrl(voice: SampleVoice, baseUrl: string = import.meta.env.BASE_URL): string {
  return `${baseUrl}voices/${voice}-sample.wav`;
}

/**
 * One audio element for both samples, so playing one stops the other; the preview ends
 * on stop or when the audio ends.
 */
export function useVoiceSample() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<SampleVoice | null>(null);

  const stop = useCallback(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.currentTime = 0;
    }
    setPlaying(null);
  }, []);

  const toggle = useCallback(
    (voice: SampleVoice) => {
      if (playing === voice) {
        stop();
        return;
      }
      audioRef.current?.pause();
      const audio = new Audio(sampleUrl(voice));
      audio.onended = () => setPlaying((current) => (current === voice ? null : current));
      audio.onerror = () => setPlaying((current) => (current === voice ? null : current));
      audioRef.current = audio;
      setPlaying(voice);
      audio.play().catch(() => setPlaying((current) => (current === voice ? null : current)));
    },
    [playing, stop],
  );

  useEffect(() => () => audioRef.current?.pause(), []);
  return { playing, toggle, stop };
}
