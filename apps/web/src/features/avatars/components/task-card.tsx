import type { TaskView } from '@avatar-factory/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { displayStatus, taskBadge } from '../lib/task-badge';
import { AvatarPortrait } from './avatar-portrait';
import { DeployArea } from './deploy-area';

type TaskCardProps = {
  task: TaskView;
  productName: string;
  onDeploy: (taskId: string) => void;
  selected: boolean;
  onSelect: (taskId: string) => void;
};

const progressTone = { success: 'emerald', warning: 'yellow', info: 'indigo', error: 'red', neutral: 'indigo' } as const;

/** One generation task: badge, progress, step and message, portrait, edit link, deploy. */
export function TaskCard({ task, productName, onDeploy, selected, onSelect }: TaskCardProps) {
  const badge = taskBadge(task);
  const status = displayStatus(task.status);
  const hasAvatar = task.result !== null;
  return (
    <article
      aria-label={task.avatarName}
      data-testid="task-card"
      data-task-id={task.taskId}
      className={`flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 transition-shadow hover:shadow-md ${selected ? 'ring-2 ring-indigo-500' : 'ring-slate-200'}`}
    >
      <AvatarPortrait
        key={`${task.taskId}-${hasAvatar ? 'ready' : 'none'}`}
        avatarId={task.taskId}
        avatarName={task.avatarName}
        available={hasAvatar}
        processing={status === 'processing'}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 truncate text-base font-semibold text-slate-900" title={task.avatarName}>
            {task.avatarName}
          </h3>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </div>
        <div>
          <div className="mb-1.5 flex items-center justify-between gap-2 text-xs">
            <span className="truncate font-medium text-slate-700" data-testid="current-step">
              {task.currentStep}
            </span>
            <span className="font-semibold text-slate-500 tabular-nums">{task.progress}%</span>
          </div>
          <ProgressBar value={task.progress} label={`${task.avatarName} progress`} tone={progressTone[badge.tone]} />
          {task.message ? <p className="mt-2 line-clamp-3 text-xs text-slate-500">{task.message}</p> : null}
        </div>
        <div className="mt-auto flex flex-col gap-2 pt-1">
          <DeployArea task={task} productName={productName} onDeploy={onDeploy} />
          <div className="flex items-center gap-2">
            <Link
              to={`/avatars/${encodeURIComponent(task.taskId)}/edit`}
              className="inline-flex flex-1 items-center justify-center gap-1.5 rounded-lg bg-white px-3 py-2.5 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              Edit
            </Link>
            {status === 'completed' && hasAvatar ? (
              <button
                type="button"
                onClick={() => onSelect(task.taskId)}
                aria-pressed={selected}
                className="inline-flex flex-1 items-center justify-center gap-1.5 rounded-lg px-3 py-2.5 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-pressed:bg-indigo-50"
              >
                Preview
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </article>
  );
}
