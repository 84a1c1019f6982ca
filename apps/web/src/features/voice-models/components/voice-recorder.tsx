import { takeLimits, type Language } from '@avatar-factory/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { formatDuration } from '../recorder/format-duration';
import { startPcmCapture, type PcmCapture } from '../recorder/pcm-capture';
import { listenForPhraseEnd } from '../recorder/speech-recognition';
import { createTrailingSilenceDetector } from '../recorder/trailing-silence';
import { concatChunks, encodePcm16Wav } from '../recorder/wav-encoder';

export type VoiceRecorderProps = {
  /** The sentence's language: speech recognition listens in ja-JP or en-US. */
  language: Language;
  /** Stop by itself when the phrase ends (recognition's final result or trailing silence). */
  autoStop: boolean;
  disabled?: boolean;
  /** Gives the finished take as a 16-bit PCM WAV blob of type audio/wav. */
  onRecordingComplete: (audio: Blob, durationMs: number) => void;
  /** Names the buttons for screen readers, e.g. 'Sentence 3'. */
  context?: string;
  /** False when the recorder is put away (its sentence closed): a take in progress is discarded. */
  active?: boolean;
};

type Phase = 'idle' | 'starting' | 'recording' | 'stopping';

const micDeniedMessage = 'Failed to access microphone. Please ensure microphone permissions are granted.';

/** Voice recorder widget: start, stop, playback and a duration display. */
export function VoiceRecorder({ language, autoStop, disabled = false, onRecordingComplete, context, active = true }: VoiceRecorderProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [micError, setMicError] = useState(false);
  const [take, setTake] = useState<{ url: string; durationMs: number } | null>(null);
  const [playing, setPlaying] = useState(false);
  const [captureMethod, setCaptureMethod] = useState<PcmCapture['method'] | undefined>(undefined);

  const captureRef = useRef<PcmCapture | null>(null);
  const stopRecognitionRef = useRef<() => void>(() => {});
  const startedAtRef = useRef(0);
  const phaseRef = useRef<Phase>('idle');
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const onCompleteRef = useRef(onRecordingComplete);
  onCompleteRef.current = onRecordingComplete;

  const setPhaseBoth = (next: Phase) => {
    phaseRef.current = next;
    setPhase(next);
  };

  const stop = useCallback(async () => {
    const capture = captureRef.current;
    if (!capture || phaseRef.current !== 'recording') return;
    captureRef.current = null;
    setPhaseBoth('stopping');
    stopRecognitionRef.current();
    const durationMs = performance.now() - startedAtRef.current;
    const chunks = await capture.stop();
    const wav = new Blob([encodePcm16Wav(concatChunks(chunks), capture.sampleRate)], { type: 'audio/wav' });
    setTake((previous) => {
      if (previous) URL.revokeObjectURL(previous.url);
      return { url: URL.createObjectURL(wav), durationMs };
    });
    setElapsedMs(durationMs);
    setLevel(0);
    setPhaseBoth('idle');
    onCompleteRef.current(wav, durationMs);
  }, []);

  const start = async () => {
    if (phaseRef.current !== 'idle') return;
    audioRef.current?.pause();
    setMicError(false);
    setPhaseBoth('starting');
    let lastLevelAt = 0;
    try {
      let detector: ReturnType<typeof createTrailingSilenceDetector> | null = null;
      const capture = await startPcmCapture({
        onSamples: (block) => {
          const now = performance.now();
          if (now - lastLevelAt > 100) {
            lastLevelAt = now;
            let sum = 0;
            for (const s of block) sum += s * s;
            // -60..0 dBFS mapped to 0..1 for the meter.
            setLevel(Math.max(0, Math.min(1, (20 * Math.log10(Math.sqrt(sum / block.length) + 1e-10) + 60) / 60)));
          }
          if (detector?.push(block)) void stop();
        },
      });
      if (autoStop) detector = createTrailingSilenceDetector({ sampleRate: capture.sampleRate });
      captureRef.current = capture;
      setCaptureMethod(capture.method);
      startedAtRef.current = performance.now();
      setElapsedMs(0);
      setPhaseBoth('recording');
      if (autoStop) stopRecognitionRef.current = listenForPhraseEnd(language === 'en' ? 'en-US' : 'ja-JP', () => void stop());
    } catch {
      setPhaseBoth('idle');
      setMicError(true);
    }
  };

  // Duration display while recording, and the take limit (30 s) as a hard stop.
  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = window.setInterval(() => {
      const elapsed = performance.now() - startedAtRef.current;
      setElapsedMs(elapsed);
      if (elapsed >= takeLimits.maxSeconds * 1000 - 250) void stop();
    }, 100);
    return () => window.clearInterval(timer);
  }, [phase, stop]);

  // Closing the sentence mid-take discards it (it would otherwise run on unseen until the 30 s cap).
  useEffect(() => {
    if (active || phaseRef.current !== 'recording') return;
    const capture = captureRef.current;
    captureRef.current = null;
    stopRecognitionRef.current();
    setLevel(0);
    setPhaseBoth('idle');
    void capture?.stop();
  }, [active]);

  // Leaving the page mid-take releases the microphone; the object URL is freed with the widget.
  useEffect(
    () => () => {
      stopRecognitionRef.current();
      void captureRef.current?.stop();
      captureRef.current = null;
    },
    [],
  );
  useEffect(() => () => (take ? URL.revokeObjectURL(take.url) : undefined), [take]);

  const togglePlayback = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (playing) {
      audio.pause();
      audio.currentTime = 0;
      setPlaying(false);
    } else {
      void audio.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      );
    }
  };

  const recording = phase === 'recording';
  const suffix = context ? ` (${context})` : '';

  return (
    <div className="space-y-3" data-capture-method={captureMethod}>
      <div className="flex flex-wrap items-center gap-2 rounded-xl bg-slate-50 p-2.5 ring-1 ring-slate-200 ring-inset">
        {recording ? (
          <Button variant="danger" onClick={() => void stop()} aria-label={`Stop recording${suffix}`}>
            <span className="size-3 rounded-sm bg-white" aria-hidden="true" />
            Stop Recording
          </Button>
        ) : (
          <Button
            variant="primary"
            onClick={() => void start()}
            disabled={disabled || phase !== 'idle'}
            aria-label={`${take ? 'Record again' : 'Start recording'}${suffix}`}
          >
            <span className="size-3 rounded-full bg-red-400 ring-2 ring-white/70" aria-hidden="true" />
            {phase === 'starting' ? 'Starting...' : phase === 'stopping' ? 'Saving...' : take ? 'Record Again' : 'Start Recording'}
          </Button>
        )}
        <Button variant="secondary" onClick={togglePlayback} disabled={!take || recording} aria-label={`${playing ? 'Stop playback' : 'Play recording'}${suffix}`}>
          {playing ? (
            <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <rect x="6" y="6" width="12" height="12" rx="1.5" />
            </svg>
          ) : (
            <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d="M8 5.5v13a1 1 0 0 0 1.5.86l11-6.5a1 1 0 0 0 0-1.72l-11-6.5A1 1 0 0 0 8 5.5Z" />
            </svg>
          )}
          {playing ? 'Stop' : 'Play'}
        </Button>
        <div className="ml-auto flex items-center gap-3">
          {recording ? (
            <span className="flex h-2 w-16 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
              <span className="h-full bg-emerald-500 transition-[width] duration-100" style={{ width: `${Math.round(level * 100)}%` }} />
            </span>
          ) : null}
          <span className="flex items-center gap-1.5 font-mono text-sm tabular-nums text-slate-700" aria-label="Recording duration">
            {recording ? <span className="size-2 animate-pulse rounded-full bg-red-500" aria-hidden="true" /> : null}
            {formatDuration(recording ? elapsedMs : (take?.durationMs ?? 0))}
          </span>
        </div>
        {take ? <audio ref={audioRef} src={take.url} preload="auto" onEnded={() => setPlaying(false)} className="hidden" /> : null}
      </div>
      {micError ? <Alert tone="error">{micDeniedMessage}</Alert> : null}
    </div>
  );
}
