/** TanStack Query keys of the voice-models feature, in one place so invalidation stays consistent. */
export const voiceModelKeys = {
  all: ['voice-models'] as const,
  list: () => [...voiceModelKeys.all, 'list'] as const,
  sentences: (modelId: string) => [...voiceModelKeys.all, modelId, 'sentences'] as const,
  status: (modelId: string) => [...voiceModelKeys.all, modelId, 'status'] as const,
  config: () => ['voice-training', 'config'] as const,
  suggested: (language: string) => ['voice-sentences', 'suggested', language] as const,
};
