import type { RecordedSentence, VoiceModel } from '@avatar-factory/contracts';
import type { TakeRow, VoiceModelRow } from './voice-models.repository';

/**
 * The language a model without one yet reports and is checked in: Japanese, the product's first
 * language (the recorder listens for ja-JP, suggestions are Japanese by default).
 */
export const defaultModelLanguage = 'ja' as const;

export function toVoiceModel(row: VoiceModelRow): VoiceModel {
  return {
    id: row.id,
    name: row.name,
    is_public: row.isPublic,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    metadata: { sentence_count: row.sentenceCount, quality_score: row.qualityScore, language: row.language ?? defaultModelLanguage, error: row.error },
  };
}

export function toRecordedSentence(row: TakeRow): RecordedSentence {
  return {
    id: row.id,
    sentence_id: row.sentenceId,
    text: row.text,
    status: row.status,
    error_message: row.errorMessage,
    quality_score: row.qualityScore,
    created_at: row.createdAt.toISOString(),
  };
}

/** Only ready takes count, once per sentence_id. */
export const distinctReadySentences = (rows: TakeRow[]) => new Set(rows.filter((row) => row.status === 'ready').map((row) => row.sentenceId)).size;
