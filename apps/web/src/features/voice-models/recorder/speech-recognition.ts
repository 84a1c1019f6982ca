/**
 * The browser's speech recognition (Chrome exposes it as webkitSpeechRecognition), used only to
 * notice the end of a phrase. It is often missing or offline, so callers must not depend on it.
 */
type RecognitionResultList = ArrayLike<{ isFinal: boolean }>;

interface BrowserSpeechRecognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { resultIndex: number; results: RecognitionResultList }) => void) | null;
  onerror: (() => void) | null;
  start(): void;
  abort(): void;
}

type RecognitionConstructor = new () => BrowserSpeechRecognition;

function recognitionConstructor(): RecognitionConstructor | null {
  const scope = globalThis as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition ?? null;
}

/** Listens for the first final result in `lang`; returns a stop function (a no-op when unsupported). */
export function listenForPhraseEnd(lang: 'ja-JP' | 'en-US', onPhraseEnd: () => void): () => void {
  const Recognition = recognitionConstructor();
  if (!Recognition) return () => {};
  let recognition: BrowserSpeechRecognition;
  try {
    recognition = new Recognition();
    recognition.lang = lang;
    recognition.continuous = false;
    recognition.interimResults = false;
    recognition.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        if (event.results[i]?.isFinal) {
          onPhraseEnd();
          return;
        }
      }
    };
    // Offline or denied: silence detection still ends the take.
    recognition.onerror = () => {};
    recognition.start();
  } catch {
    return () => {};
  }
  return () => {
    recognition.onresult = null;
    try {
      recognition.abort();
    } catch {
      // already ended
    }
  };
}
