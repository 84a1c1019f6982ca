import type { TaskView } from '@avatar-factory/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { deployView } from '../lib/task-badge';

type DeployAreaProps = { task: TaskView; productName: string; onDeploy: (taskId: string) => void };

/** Deploy area in its three states (nothing for tasks that cannot be deployed). */
export function DeployArea({ task, productName, onDeploy }: DeployAreaProps) {
  const view = deployView(task);
  if (view === 'none') return null;
  if (view === 'deploy') {
    return (
      <Button className="w-full" onClick={() => onDeploy(task.taskId)}>
        <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M12 19V5m0 0-6 6m6-6 6 6" />
        </svg>
        Deploy to {productName} Web Avatar
      </Button>
    );
  }
  if (view === 'deploying') {
    return (
      <Button className="w-full" disabled>
        <Spinner className="size-4 text-white" label="Deploying" />
        Deploying...
      </Button>
    );
  }
  const previewUrl = task.result?.preview_url;
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-emerald-50 p-3 ring-1 ring-emerald-200 ring-inset">
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
        <svg className="size-4 shrink-0" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
        Deployed to {productName} Web Avatar
      </p>
      {previewUrl ? (
        <a
          href={previewUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center justify-center gap-1 rounded-lg bg-white px-3 py-2.5 text-sm font-semibold text-emerald-700 shadow-sm ring-1 ring-emerald-300 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        >
          View Avatar
          <svg className="size-3.5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M14 4h6v6m0-6L10 14M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
          </svg>
        </a>
      ) : null}
    </div>
  );
}
