import { toast, type ExternalToast } from 'sonner';

/** Success toasts stay 3 s, errors 4 s, everything else the 5 s default. */
export const toastDurations = { default: 5000, success: 3000, error: 4000 } as const;

/** At most 20 toasts at once. */
export const maxVisibleToasts = 20;

export function toastSuccess(message: string, options?: ExternalToast): string | number {
  return toast.success(message, { duration: toastDurations.success, ...options });
}

export function toastError(message: string, options?: ExternalToast): string | number {
  return toast.error(message, { duration: toastDurations.error, ...options });
}

export function toastInfo(message: string, options?: ExternalToast): string | number {
  return toast(message, { duration: toastDurations.default, ...options });
}
