import { apiRoute, trainingConfigSchema, type TrainingConfig } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voiceModelKeys } from './query-keys';

/** GET /api/voice-training/config. */
export function getTrainingConfig(signal?: AbortSignal): Promise<TrainingConfig> {
  return apiRequest(apiRoute('trainingConfig'), { schema: trainingConfigSchema, signal });
}

export function useTrainingConfig() {
  return useQuery({ queryKey: voiceModelKeys.config(), queryFn: ({ signal }) => getTrainingConfig(signal), staleTime: Infinity });
}
