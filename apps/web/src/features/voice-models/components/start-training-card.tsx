import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';

type StartTrainingCardProps = {
  readyCount: number;
  minRecordings: number;
  requiredRecordings: number;
  training: boolean;
  /** Training progress 0-100 from the status poll, when known. */
  trainingProgress: number | null;
  onStart: () => void;
};

/** Start Training: shown once the ready takes reach minRecordings. */
export function StartTrainingCard({ readyCount, minRecordings, requiredRecordings, training, trainingProgress, onStart }: StartTrainingCardProps) {
  return (
    <section aria-labelledby="start-training-title" className="space-y-4 rounded-2xl bg-gradient-to-br from-indigo-50 to-violet-50 p-5 ring-1 ring-indigo-100">
      <div>
        <h3 id="start-training-title" className="text-base font-semibold text-slate-900">
          Start Training
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          You have completed the minimum required recordings ({readyCount}/{minRecordings}) to start training.
        </p>
      </div>
      {readyCount < requiredRecordings ? (
        // A yellow warning (the Alert's warning tone is amber).
        <Alert tone="warning" title="Quality Warning" className="bg-yellow-50 text-yellow-800 ring-yellow-200">
          For optimal voice quality, we recommend recording all {requiredRecordings} sentences. Training with only {readyCount}/
          {requiredRecordings} recordings may result in lower quality.
        </Alert>
      ) : null}
      <Button onClick={onStart} disabled={training} className="w-full sm:w-auto">
        {training ? <Spinner className="size-4 text-white" label="Training" /> : null}
        {training ? 'Training in Progress...' : 'Start Voice Model Training'}
      </Button>
      {training ? (
        <Alert tone="info" title="Training in Progress">
          <p>This may take several minutes. You'll be notified when it's complete.</p>
          {trainingProgress !== null ? (
            <ProgressBar value={trainingProgress} label="Training progress" className="mt-2" />
          ) : null}
        </Alert>
      ) : null}
    </section>
  );
}
