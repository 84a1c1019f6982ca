import { useQuery } from '@tanstack/react-query';
import { apiRoute, publicConfigSchema } from '@avatar-factory/contracts';
import { apiRequest } from './api-client';

/** The '{product}' of 'Deploy to {product} Web Avatar' until the server has answered. */
export const defaultProductName = 'Hibiki';

export function getPublicConfig(signal?: AbortSignal) {
  return apiRequest(apiRoute('publicConfig'), { schema: publicConfigSchema, signal });
}

/** GET /api/public/config, fetched once per page load. */
export function usePublicConfig(enabled = true) {
  return useQuery({ queryKey: ['public', 'config'], queryFn: ({ signal }) => getPublicConfig(signal), enabled, staleTime: Infinity, retry: false });
}

export function useProductName(): string {
  return usePublicConfig().data?.productName ?? defaultProductName;
}
