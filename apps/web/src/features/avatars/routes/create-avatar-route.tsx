import type { TaskView } from '@avatar-factory/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { PageShell } from '../../../components/layouts/page-shell';
import { toastError } from '../../../lib/toast';
import { useProductName } from '../../../lib/public-config';
import { tasksQueryKey, useTasks } from '../api/get-tasks';
import { readyModels, useVoiceModels } from '../api/get-voice-models';
import { CreateAvatarForm } from '../components/create-avatar-form';
import { DeployConsentDialog } from '../components/deploy-consent-dialog';
import { PreviewPanel } from '../components/preview-panel';
import { TaskGrid } from '../components/task-grid';
import { useDeployTask } from '../hooks/use-deploy-task';
import { useImageValidation } from '../hooks/use-image-validation';
import { needsDeployConsent } from '../lib/deploy-consent';
import { useTaskPolling } from '../hooks/use-task-polling';
import { optimisticTask, prependTask, sortNewestFirst } from '../lib/task-list';

/** Avatar creation screen. */
export function CreateAvatarRoute() {
  const queryClient = useQueryClient();
  const tasksQuery = useTasks();
  const modelsQuery = useVoiceModels();
  const productName = useProductName();
  const deploy = useDeployTask();
  const validation = useImageValidation();
  const [file, setFile] = useState<File | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** The task whose Deploy click waits for the owner's confirmation. */
  const [consentFor, setConsentFor] = useState<TaskView | null>(null);

  const tasks = useMemo(() => sortNewestFirst(tasksQuery.data ?? []), [tasksQuery.data]);
  useTaskPolling(tasksQuery.data);

  useEffect(() => {
    if (tasksQuery.isError) toastError('Failed to load tasks.');
  }, [tasksQuery.isError]);
  useEffect(() => {
    if (modelsQuery.isError) toastError('Failed to load voice models.');
  }, [modelsQuery.isError]);

  // The preview shows the chosen card, else the newest avatar that is ready to talk.
  const previewTask =
    tasks.find((task) => task.taskId === selectedId && task.status === 'completed' && task.result) ??
    tasks.find((task) => task.status === 'completed' && task.result) ??
    null;

  const onDeploy = (taskId: string) => {
    const task = tasks.find((candidate) => candidate.taskId === taskId);
    if (!task) return;
    if (needsDeployConsent(task)) setConsentFor(task);
    else deploy.mutate({ taskId });
  };

  const onFile = (next: File) => {
    setFile(next);
    void validation.validate(next);
  };

  return (
    <PageShell title="Create Your Avatar" description="Transform your photo into a speaking digital avatar in three simple steps">
      <div className="grid items-start gap-6 lg:grid-cols-5 lg:gap-8">
        <div className="lg:col-span-3">
          <CreateAvatarForm
            file={file}
            onFile={onFile}
            validation={{ status: validation.status, result: validation.result }}
            tasks={tasks}
            readyModels={readyModels(modelsQuery.data)}
            onCreated={({ taskId, avatarName, voice, enableLipsync }) => {
              const task: TaskView = optimisticTask(
                { taskId, avatarName },
                { voiceType: voice.voiceType, voiceModelId: voice.voiceModelId, enableLipsync },
              );
              queryClient.setQueryData<TaskView[]>(tasksQueryKey, (list) => prependTask(list, task));
              setFile(null);
              validation.reset();
            }}
          />
        </div>
        <div className="lg:sticky lg:top-24 lg:col-span-2">
          <PreviewPanel file={file} validation={validation.status} avatar={previewTask} />
        </div>
      </div>
      <TaskGrid
        tasks={tasks}
        loading={tasksQuery.isPending}
        productName={productName}
        onDeploy={onDeploy}
        selectedId={previewTask?.taskId ?? null}
        onSelect={setSelectedId}
      />
      <DeployConsentDialog
        task={consentFor}
        productName={productName}
        onCancel={() => setConsentFor(null)}
        onConfirm={(consent) => {
          const taskId = consentFor!.taskId;
          setConsentFor(null);
          deploy.mutate({ taskId, consent });
        }}
      />
    </PageShell>
  );
}
