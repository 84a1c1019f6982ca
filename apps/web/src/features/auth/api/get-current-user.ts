import { apiRoute, userSchema, type User } from '@avatar-factory/contracts';
import { apiRequest } from '../../../lib/api-client';

export const currentUserQueryKey = ['users', 'me'] as const;

/** GET /api/users/me with the stored bearer token. */
export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return apiRequest(apiRoute('currentUser'), { schema: userSchema, signal });
}
