import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageShell } from '../../../components/layouts/page-shell';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/toast';
import { useAvatar } from '../api/get-avatar';
import { useTask } from '../api/get-task';
import { useAvatarVoiceModel } from '../api/avatar-voice-model';
import { readyModels, useVoiceModels } from '../api/get-voice-models';
import { AvatarPortrait } from '../components/avatar-portrait';
import { AvatarSpeechStage, useStageSpeech } from '../components/avatar-speech-stage';
import { SaySomething } from '../components/say-something';
import { VoiceModelCard } from '../components/voice-model-card';
import { avatarStatusBadge, taskBadge } from '../lib/task-badge';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

export function formatCreatedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** Avatar edit screen. */
export function EditAvatarRoute() {
  const { avatarId = '' } = useParams<{ avatarId: string }>();
  const navigate = useNavigate();
  const avatar = useAvatar(avatarId);
  // The task (same id) carries what the avatar answer does not: its lip-sync setting and whether
  // a failed generation still made the avatar (the grid's 'Warning').
  const task = useTask(avatarId);
  const voice = useAvatarVoiceModel(avatarId);
  const models = useVoiceModels();
  const stage = useStageSpeech();

  useEffect(() => {
    if (avatar.isError) toastError('Failed to load avatar details');
  }, [avatar.isError]);
  useEffect(() => {
    if (models.isError) toastError('Failed to load voice models');
  }, [models.isError]);

  const back = (
    <Button variant="secondary" onClick={() => navigate('/')}>
      <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M19 12H5m0 0 6-6m-6 6 6 6" />
      </svg>
      Back to Avatars
    </Button>
  );

  if (avatar.isPending || (task.isPending && !avatar.isError)) return <FullPageSpinner />;
  if (avatar.isError) {
    return (
      <PageShell title="Edit Avatar" actions={back}>
        <Alert tone="error">Avatar not found or you don&apos;t have permission to edit it.</Alert>
      </PageShell>
    );
  }

  const data = avatar.data;
  const details = task.data;
  // The same badge as the avatar's card in the grid, from the same task fields.
  const badge = details ? taskBadge(details) : avatarStatusBadge(data.status);
  const previewUrl = data.previewUrl;
  const ready = data.status === 'completed';
  const madeWithWarning = !ready && badge.label === 'Warning';

  return (
    <PageShell
      title={`Edit Avatar: ${data.avatarName}`}
      actions={
        <div className="grid grid-cols-1 gap-2 min-[420px]:flex">
          {back}
          <Button disabled={!previewUrl} onClick={() => previewUrl && window.open(previewUrl, '_blank', 'noopener,noreferrer')} title={previewUrl ? undefined : 'Deploy the avatar first'}>
            Open Avatar Preview
          </Button>
        </div>
      }
    >
      <div className="grid items-start gap-6 lg:grid-cols-5 lg:gap-8">
        <Card title="Avatar Preview" className="lg:col-span-2">
          {ready ? (
            <>
              <AvatarSpeechStage
                avatarId={avatarId}
                avatarName={data.avatarName}
                lipsync={details?.enable_lipsync ?? true}
                speech={stage.speech}
                onSpeechEnd={stage.onSpeechEnd}
                className="mx-auto max-w-sm"
              />
              <SaySomething avatarId={avatarId} busy={stage.speaking} onSpeech={stage.say} />
            </>
          ) : madeWithWarning ? (
            <>
              <div className="mx-auto max-w-sm overflow-hidden rounded-2xl">
                <AvatarPortrait avatarId={avatarId} avatarName={data.avatarName} available processing={false} />
              </div>
              {details?.message ? <p className="mt-4 text-sm text-amber-800">{details.message}</p> : null}
            </>
          ) : (
            <p className="rounded-xl bg-slate-50 px-4 py-10 text-center text-sm text-slate-500">The avatar is not ready yet.</p>
          )}
        </Card>
        <div className="space-y-6 lg:col-span-3">
          <VoiceModelCard
            avatarId={avatarId}
            readyModels={readyModels(models.data)}
            loading={models.isPending}
            currentModelId={voice.data?.voice_model_id ?? null}
            currentVoiceType={voice.data?.voice_type ?? null}
          />
          <Card title="Avatar Information">
            <dl className="grid gap-4 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-500">Status</dt>
                <dd className="mt-1">
                  <Badge tone={badge.tone}>{badge.label}</Badge>
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">Created</dt>
                <dd className="mt-1 font-medium text-slate-900" data-testid="created-at">
                  <time dateTime={data.created_at}>{formatCreatedAt(data.created_at)}</time>
                </dd>
              </div>
            </dl>
          </Card>
        </div>
      </div>
    </PageShell>
  );
}
