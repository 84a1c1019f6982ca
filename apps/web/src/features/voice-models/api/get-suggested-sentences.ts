import { apiRoute, suggestedTextsResponseSchema, type Language, type SuggestedSentence } from '@avatar-factory/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { voiceModelKeys } from './query-keys';

/** GET /api/voice-sentences/suggested-texts: Japanese by default, `?lang=en` for English models. */
export async function getSuggestedSentences(language: Language, signal?: AbortSignal): Promise<SuggestedSentence[]> {
  const query = language === 'en' ? { lang: 'en' } : undefined;
  const answer = await apiRequest(apiRoute('suggestedSentences'), { query, schema: suggestedTextsResponseSchema, signal });
  return answer.sentences;
}

export function useSuggestedSentences(language: Language) {
  return useQuery({
    queryKey: voiceModelKeys.suggested(language),
    queryFn: ({ signal }) => getSuggestedSentences(language, signal),
    staleTime: Infinity,
  });
}
