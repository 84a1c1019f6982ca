import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

type ModalDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** alertdialog for confirmations (screen readers announce it as needing an answer). */
  role?: 'dialog' | 'alertdialog';
};

/**
 * A centred modal on Radix Dialog (focus trap, Escape and outside click close, focus returns to
 * the trigger); on phones it sits near the bottom within thumb reach.
 */
export function ModalDialog({ open, onOpenChange, title, description, children, role = 'dialog' }: ModalDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[2px]" />
        <Dialog.Content
          role={role}
          className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 focus:outline-none sm:inset-x-4 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {description ? <Dialog.Description className="mt-2 text-sm text-slate-600">{description}</Dialog.Description> : <Dialog.Description className="sr-only">{title}</Dialog.Description>}
          <div className="mt-5">{children}</div>
          <Dialog.Close
            className="absolute top-4 right-4 rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            aria-label="Close"
          >
            <svg className="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
