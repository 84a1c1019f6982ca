import { apiRoute, publicAvatarSchema, type PublicAvatar } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export const publicAvatarQueryKey = (publicId: string) => ['public-avatar', publicId] as const;

export function getPublicAvatar(publicId: string, signal?: AbortSignal): Promise<PublicAvatar> {
  return apiRequest(apiRoute('publicAvatar', { publicId }), { schema: publicAvatarSchema, signal });
}

/** A 404 is an answer (not published), not a failure to retry; other errors retry once. */
export function usePublicAvatar(publicId: string) {
  return useQuery({
    queryKey: publicAvatarQueryKey(publicId),
    queryFn: ({ signal }) => getPublicAvatar(publicId, signal),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  });
}
