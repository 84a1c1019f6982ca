import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { LiveAvatar } from '../../../components/live-avatar/live-avatar';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { usePublicAvatar } from '../api/get-public-avatar';
import { usePublicConfig } from '../../../lib/public-config';
import { streamPublicSpeech } from '../api/speak-public';
import { AiGeneratedLabel } from '../components/ai-generated-label';
import { AvatarNotFound } from '../components/avatar-not-found';
import { EmbedSection } from '../components/embed-section';
import { PublicFooter } from '../components/public-footer';
import { SpeakForm } from '../components/speak-form';
import { useSentenceQueue } from '../hooks/use-sentence-queue';
import { speakErrorMessage } from '../lib/speak-error-message';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The public Web Avatar page: no login, the avatar alive, a text box and Speak. */
export function WebAvatarRoute() {
  const { publicId = '' } = useParams();
  const avatar = usePublicAvatar(publicId);
  const [gone, setGone] = useState(false);
  const notFound = gone || isNotFound(avatar.error);
  // The avatar answer carries the product name; only the not-found page asks the config for it.
  const config = usePublicConfig(notFound);
  const productName = avatar.data?.productName ?? config.data?.productName;

  useEffect(() => {
    if (productName) document.title = `${productName} Web Avatar`;
  }, [productName]);

  if (notFound) return <AvatarNotFound />;
  if (avatar.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner className="size-10" label="Loading the avatar" />
      </div>
    );
  }
  if (avatar.isError) {
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
        <Alert tone="error" title="The avatar could not be loaded.">
          {avatar.error instanceof TypeError ? 'Could not reach the server. Check your connection.' : avatar.error.message}
        </Alert>
        <Button variant="secondary" onClick={() => void avatar.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <WebAvatarPage
      publicId={publicId}
      avatarName={avatar.data.avatarName}
      productName={avatar.data.productName}
      rigUrl={avatar.data.rig_url}
      lipsync={avatar.data.enable_lipsync}
      onGone={() => setGone(true)}
    />
  );
}

type WebAvatarPageProps = { publicId: string; avatarName: string; productName: string; rigUrl: string; lipsync: boolean; onGone: () => void };

function WebAvatarPage({ publicId, avatarName, productName, rigUrl, lipsync, onGone }: WebAvatarPageProps) {
  const sentences = useSentenceQueue();
  const [requesting, setRequesting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = requesting || sentences.playing;
  const pageUrl = `${window.location.origin}${window.location.pathname}`;

  const speak = async (text: string) => {
    setError(null);
    setRequesting(true);
    try {
      // Always streamed: the server sends the first sentence (or, for a single sentence, its first
      // clause) as soon as it is made, and it is heard while the rest are still being made.
      for await (const answer of streamPublicSpeech(publicId, { text })) sentences.enqueue(answer);
    } catch (caught) {
      if (isNotFound(caught)) onGone();
      else setError(speakErrorMessage(caught));
    } finally {
      setRequesting(false);
    }
  };

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50 via-white to-white">
      <main className="mx-auto grid w-full max-w-5xl flex-1 content-start items-start gap-6 md:content-center px-4 pt-6 sm:px-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:gap-10 md:pt-12">
        <div className="relative mx-auto w-full max-w-sm md:max-w-md">
          <LiveAvatar rigBaseUrl={rigUrl} lipsync={lipsync} speech={sentences.current} onSpeechEnd={sentences.onSpeechEnd} label={avatarName} className="shadow-lg ring-1 ring-slate-200" />
          {/* Over the avatar, on the page and in every embed alike: nothing hides it. */}
          <AiGeneratedLabel productName={productName} className="absolute top-2.5 left-2.5 z-10" />
        </div>
        <div className="flex flex-col gap-5 md:pt-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{avatarName}</h1>
            <p className="mt-1 text-sm text-slate-600">Type something and {avatarName} will say it{lipsync ? ', lips in sync' : ''}.</p>
          </div>
          <SpeakForm avatarName={avatarName} busy={busy} error={error} onSpeak={(text) => void speak(text)} />
          <EmbedSection pageUrl={pageUrl} avatarName={avatarName} />
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
