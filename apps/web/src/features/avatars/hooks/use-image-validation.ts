import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { validationToast, type ImageValidationResult } from '../lib/image-rules';
import type { ValidationStatus } from '../lib/generate-button';
import { validateImage } from '../lib/validate-image';

/** 'Image upload': idle -> validating -> passed or failed, with one toast after selection. */
export function useImageValidation() {
  const [status, setStatus] = useState<ValidationStatus>('idle');
  const [result, setResult] = useState<ImageValidationResult | null>(null);
  const run = useRef(0);

  const validate = useCallback(async (file: File) => {
    const id = ++run.current;
    setStatus('validating');
    setResult(null);
    const outcome = await validateImage(file);
    if (id !== run.current) return; // a newer photo was chosen meanwhile
    setResult(outcome);
    setStatus(outcome.passed ? 'passed' : 'failed');
    const note = validationToast(outcome);
    if (note.kind === 'success') toast.success(note.message, { duration: note.duration });
    else if (note.kind === 'warning') toast.warning(note.message, { duration: note.duration });
    else toast.error(note.message, { duration: note.duration });
  }, []);

  const reset = useCallback(() => {
    run.current++;
    setStatus('idle');
    setResult(null);
  }, []);

  return { status, result, validate, reset };
}
