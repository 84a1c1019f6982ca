import { errorCodes } from '@avatar-factory/contracts';
import { ApiError } from '../../../lib/api-error';

/** 'Upload': the toast title and text for a failed POST /api/avatars. */
export function submitErrorToast(error: unknown): { title: string; text: string } {
  if (error instanceof ApiError && error.code === errorCodes.avatarNameTaken) {
    return { title: 'Avatar Name Already Exists', text: error.message };
  }
  return { title: 'Failed to Start Generation', text: 'Failed to upload avatar' };
}
