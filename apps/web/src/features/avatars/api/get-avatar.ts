import { apiRoute, avatarSchema, type Avatar } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const avatarQueryKey = (avatarId: string) => ['avatars', avatarId] as const;

/** GET /api/avatars/{id}: name, preview address, status and creation time. */
export function getAvatar(avatarId: string, signal?: AbortSignal): Promise<Avatar> {
  return apiRequest(apiRoute('getAvatar', { avatarId }), { schema: avatarSchema, signal });
}

export function useAvatar(avatarId: string) {
  return useQuery({ queryKey: avatarQueryKey(avatarId), queryFn: ({ signal }) => getAvatar(avatarId, signal) });
}
