import type { TaskView } from '@avatar-factory/contracts';
import { Spinner } from '../../../components/ui/spinner';
import { TaskCard } from './task-card';

type TaskGridProps = {
  tasks: TaskView[];
  loading: boolean;
  productName: string;
  onDeploy: (taskId: string) => void;
  selectedId: string | null;
  onSelect: (taskId: string) => void;
};

/** 'Your Avatars': newest first, 1/2/3 columns by width, 'No avatars yet' when empty. */
export function TaskGrid({ tasks, loading, productName, onDeploy, selectedId, onSelect }: TaskGridProps) {
  return (
    <section aria-labelledby="your-avatars" className="mt-12">
      <div className="mb-5 flex items-baseline justify-between gap-3">
        <h2 id="your-avatars" className="text-xl font-bold tracking-tight text-slate-900">
          Your Avatars
        </h2>
        {tasks.length > 0 ? <span className="text-sm text-slate-500">{tasks.length} total</span> : null}
      </div>
      {loading ? (
        <div className="flex justify-center py-12">
          <Spinner className="size-8" label="Loading avatars" />
        </div>
      ) : tasks.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <p className="text-sm font-semibold text-slate-700">No avatars yet</p>
          <p className="mt-1 text-sm text-slate-500">Upload a photo above to create your first one.</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="task-grid">
          {tasks.map((task) => (
            <li key={task.taskId} className="flex">
              <div className="flex w-full flex-col [&>article]:flex-1">
                <TaskCard task={task} productName={productName} onDeploy={onDeploy} selected={task.taskId === selectedId} onSelect={onSelect} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
