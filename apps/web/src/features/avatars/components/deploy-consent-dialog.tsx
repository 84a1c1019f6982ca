import { deployConsentStatement, type DeployConsent, type TaskView } from '@avatar-factory/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { consentCoversVoice } from '../lib/deploy-consent';

type DeployConsentDialogProps = {
  /** The task about to be deployed; null: closed. */
  task: TaskView | null;
  productName: string;
  onConfirm: (consent: DeployConsent) => void;
  onCancel: () => void;
};

/**
 * Between the Deploy click and the deploy call: the owner confirms they are the person
 * shown or have that person's permission to publish a synthetic likeness (and voice, with a
 * personal voice model). Nothing is sent until they do; Cancel, Escape or a click outside leave
 * the avatar undeployed.
 */
export function DeployConsentDialog({ task, productName, onConfirm, onCancel }: DeployConsentDialogProps) {
  return (
    <ModalDialog
      open={task !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Publish a synthetic likeness?"
      description={
        task ? (
          <>
            Deploying puts <span className="font-semibold text-slate-900">{task.avatarName}</span> on a public {productName} Web Avatar page, where anyone can make it say what they
            type{consentCoversVoice(task) ? ' in its personal voice' : ''}. The page labels it AI-generated.
          </>
        ) : null
      }
    >
      {/* Keyed by task: a new deploy starts unticked. */}
      {task ? <ConsentForm key={task.taskId} voice={consentCoversVoice(task)} onConfirm={onConfirm} onCancel={onCancel} /> : null}
    </ModalDialog>
  );
}

function ConsentForm({ voice, onConfirm, onCancel }: { voice: boolean; onConfirm: DeployConsentDialogProps['onConfirm']; onCancel: () => void }) {
  const [confirmed, setConfirmed] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed) onConfirm({ likeness: true, voice });
  };
  return (
    <form onSubmit={submit} className="space-y-5">
      <label
        htmlFor={id}
        className="flex cursor-pointer items-start gap-3 rounded-lg p-3 text-sm text-slate-800 ring-1 ring-slate-300 ring-inset has-checked:bg-indigo-50 has-checked:ring-2 has-checked:ring-indigo-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
      >
        <input id={id} type="checkbox" required checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus:outline-none" />
        <span>{deployConsentStatement(voice)}</span>
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!confirmed}>
          Confirm and deploy
        </Button>
      </div>
    </form>
  );
}
