import { createAvatarPlayer, loadRigBundle, type AvatarPlayer, type RigBundle } from '@avatar-factory/avatar-renderer';
import type { SpeechResponse } from '@avatar-factory/contracts';
import { useEffect, useLayoutEffect, useRef, useState, type JSX } from 'react';
import { Spinner } from '../ui/spinner';
import { rigFetch } from './fetch-rig-file';
import { gestureAudioContext } from './gesture-audio-context';
import { speechToRequest } from './speech-to-request';

export interface LiveAvatarProps {
  /** Ends in '/': '/api/avatars/{id}/rig/' (owner) or '/api/public/avatars/{publicId}/rig/'. */
  rigBaseUrl: string;
  /** Send the bearer token (the owner's private rig). */
  authenticated?: boolean;
  lipsync: boolean;
  /** When it changes to a value, the avatar says it once. Pass it after a click (autoplay rules). */
  speech?: SpeechResponse | null;
  onSpeechEnd?: () => void;
  /** Accessible name, e.g. the avatar's name. */
  label: string;
  className?: string;
}

type Loaded = { key: string; bundle: RigBundle } | { key: string; error: true };

/** Portrait-ish placeholder ratio until the rig says its own. */
const DEFAULT_ASPECT = '3 / 4';

/**
 * The live avatar: loads the rig bundle, runs the renderer's player (WebGL2, else Canvas 2D) so the
 * face blinks and breathes at once, and says each new `speech` with lip sync. The wrapper exposes
 * `data-state` (loading | ready | error), `data-speaking` and `data-lipsync` for tests and styling.
 */
export function LiveAvatar({ rigBaseUrl, authenticated = false, lipsync, speech, onSpeechEnd, label, className = '' }: LiveAvatarProps): JSX.Element {
  const key = `${authenticated ? 'owner' : 'public'} ${rigBaseUrl}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [player, setPlayer] = useState<AvatarPlayer | null>(null);
  const [playerFailed, setPlayerFailed] = useState(false);
  const [speaking, setSpeaking] = useState(false);
  const stageRef = useRef<HTMLDivElement>(null);
  const lipsyncRef = useRef(lipsync);
  const onSpeechEndRef = useRef(onSpeechEnd);
  const spokenRef = useRef<SpeechResponse | null>(null);

  useEffect(() => {
    lipsyncRef.current = lipsync;
    onSpeechEndRef.current = onSpeechEnd;
  });

  // 1. Load the rig bundle (again when the URL or the auth mode changes).
  useEffect(() => {
    const controller = new AbortController();
    loadRigBundle(rigBaseUrl, rigFetch(authenticated, controller.signal)).then(
      (bundle) => {
        if (!controller.signal.aborted) setLoaded({ key, bundle });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('LiveAvatar: the rig bundle could not be loaded', error);
        setLoaded({ key, error: true });
      },
    );
    return () => controller.abort();
  }, [key, rigBaseUrl, authenticated]);

  const bundle = loaded && loaded.key === key && 'bundle' in loaded ? loaded.bundle : null;
  const loadFailed = loaded !== null && loaded.key === key && 'error' in loaded;

  // 2. One player per bundle, on a canvas of its own: a canvas keeps the first context type it
  // was given, so a fresh one lets a new player pick WebGL2 or Canvas 2D freely.
  useEffect(() => {
    const stage = stageRef.current;
    if (!bundle || !stage) return;
    const canvas = document.createElement('canvas');
    canvas.className = 'absolute inset-0 block size-full';
    stage.appendChild(canvas);
    const audio = gestureAudioContext();
    let created: AvatarPlayer | null = null;
    try {
      created = createAvatarPlayer({ canvas, rig: bundle.rig, textures: bundle.textures, renderer: 'auto', lipsync: lipsyncRef.current, audioContext: audio.context });
      setPlayer(created);
      setPlayerFailed(false);
    } catch (error) {
      console.error('LiveAvatar: no renderer could start', error);
      setPlayerFailed(true);
    }
    return () => {
      setPlayer(null);
      setSpeaking(false);
      created?.destroy();
      audio.dispose();
      canvas.remove();
    };
  }, [bundle]);

  // 3. Lip sync follows the prop live.
  useEffect(() => {
    player?.setLipsync(lipsync);
  }, [player, lipsync]);

  // 4. Say each new speech once; only the latest one reports its end. A layout effect, so a speech
  // given in a synchronous render (flushSync) starts in that same task, not a frame later.
  useLayoutEffect(() => {
    if (!player || !speech || spokenRef.current === speech) return;
    spokenRef.current = speech;
    setSpeaking(true);
    let request;
    try {
      request = speechToRequest(speech);
    } catch (error) {
      console.error('LiveAvatar: the speech audio is not valid base64', error);
      setSpeaking(false);
      // After this commit: the owner may hand over the next speech synchronously (flushSync).
      queueMicrotask(() => onSpeechEndRef.current?.());
      return;
    }
    player
      .speak(request)
      .catch((error: unknown) => console.error('LiveAvatar: the speech could not be played', error))
      .finally(() => {
        if (spokenRef.current !== speech) return;
        setSpeaking(false);
        onSpeechEndRef.current?.();
      });
  }, [player, speech]);

  const failed = loadFailed || playerFailed;
  const state = failed ? 'error' : player ? 'ready' : 'loading';
  const shown = bundle?.rig.view ?? bundle?.rig;
  const aspectRatio = shown ? `${shown.width} / ${shown.height}` : DEFAULT_ASPECT;

  return (
    <div className={`relative w-full overflow-hidden rounded-2xl bg-slate-100 ${className}`} style={{ aspectRatio }} data-state={state} data-speaking={speaking ? 'true' : 'false'} data-lipsync={lipsync ? 'true' : 'false'} data-backend={player?.backend}>
      <div ref={stageRef} role="img" aria-label={label} className="absolute inset-0" />
      {state === 'loading' ? (
        <div className="absolute inset-0 flex animate-pulse items-center justify-center bg-gradient-to-b from-slate-100 to-slate-200">
          <Spinner className="size-8" label={`Loading ${label}`} />
        </div>
      ) : null}
      {state === 'error' ? (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-slate-100 p-6 text-center">
          <svg className="size-8 text-slate-400" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M12 8v5m0 3h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z" />
          </svg>
          <p className="text-sm font-medium text-slate-600">The avatar could not be loaded.</p>
        </div>
      ) : null}
    </div>
  );
}
