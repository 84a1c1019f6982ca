import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordedSentences, voiceModels } from '../../db/schema';
import { isUuid } from '../avatars/avatars.repository';

export type VoiceModelRow = typeof voiceModels.$inferSelect;
/** A take: one recording of a sentence's text (table recorded_sentences; the API calls it a RecordedSentence). */
export type TakeRow = typeof recordedSentences.$inferSelect;
type VoiceModelPatch = Partial<Omit<VoiceModelRow, 'id' | 'userId' | 'createdAt'>>;

/** All SQL for voice models and their recorded takes. Reads by id are scoped to the owner. */
export function createVoiceModelsRepository(db: Database) {
  return {
    listByUser: (userId: string) => db.select().from(voiceModels).where(eq(voiceModels.userId, userId)).orderBy(desc(voiceModels.createdAt)),

    async findOwned(userId: string, id: string): Promise<VoiceModelRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(voiceModels).where(and(eq(voiceModels.id, id), eq(voiceModels.userId, userId)));
      return row;
    },

    async findById(id: string): Promise<VoiceModelRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(voiceModels).where(eq(voiceModels.id, id));
      return row;
    },

    async insert(values: typeof voiceModels.$inferInsert): Promise<VoiceModelRow> {
      const [row] = await db.insert(voiceModels).values(values).returning();
      return row!;
    },

    async update(id: string, patch: VoiceModelPatch): Promise<VoiceModelRow | undefined> {
      const [row] = await db.update(voiceModels).set({ ...patch, updatedAt: new Date() }).where(eq(voiceModels.id, id)).returning();
      return row;
    },

    /** Sets the language of a model that has none yet; answers the model's language either way. */
    async settleLanguage(id: string, language: 'ja' | 'en'): Promise<'ja' | 'en' | null> {
      await db.update(voiceModels).set({ language, updatedAt: new Date() }).where(and(eq(voiceModels.id, id), isNull(voiceModels.language)));
      const [row] = await db.select({ language: voiceModels.language }).from(voiceModels).where(eq(voiceModels.id, id));
      return row?.language ?? null;
    },

    /** Compare-and-set on status (e.g. only one training can start). */
    async transition(id: string, from: VoiceModelRow['status'][], patch: VoiceModelPatch): Promise<VoiceModelRow | undefined> {
      const [row] = await db
        .update(voiceModels)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(voiceModels.id, id), inArray(voiceModels.status, from)))
        .returning();
      return row;
    },

    async remove(id: string): Promise<void> {
      await db.delete(voiceModels).where(eq(voiceModels.id, id));
    },

    async countByUser(userId: string, status?: VoiceModelRow['status']): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(voiceModels)
        .where(and(eq(voiceModels.userId, userId), status ? eq(voiceModels.status, status) : undefined));
      return Number(row?.count ?? 0);
    },

    /** The sentence ids a model has takes of. */
    async sentenceIds(voiceModelId: string): Promise<string[]> {
      const rows = await db.select({ sentenceId: recordedSentences.sentenceId }).from(recordedSentences).where(eq(recordedSentences.voiceModelId, voiceModelId));
      return rows.map((row) => row.sentenceId);
    },

    listTakes: (voiceModelId: string) =>
      db.select().from(recordedSentences).where(eq(recordedSentences.voiceModelId, voiceModelId)).orderBy(recordedSentences.createdAt),

    async findTake(id: string): Promise<TakeRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(recordedSentences).where(eq(recordedSentences.id, id));
      return row;
    },

    /**
     * A new take of a sentence, in one statement: the first take inserts its row; a later one
     * (even one arriving at the same moment) puts the same row back to processing with the error
     * and score cleared and the next revision. `audioKey` is still the previous take's file.
     */
    async upsertTake(voiceModelId: string, sentenceId: string, text: string): Promise<TakeRow> {
      const [row] = await db
        .insert(recordedSentences)
        .values({ voiceModelId, sentenceId, text, audioKey: 'pending' })
        .onConflictDoUpdate({
          target: [recordedSentences.voiceModelId, recordedSentences.sentenceId],
          set: {
            text,
            status: 'processing',
            errorMessage: null,
            qualityScore: null,
            revision: sql`${recordedSentences.revision} + 1`,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row!;
    },

    /** Points a take at its stored file, unless a newer take of the sentence replaced it meanwhile. */
    async setTakeAudio(id: string, revision: number, audioKey: string): Promise<TakeRow | undefined> {
      const [row] = await db
        .update(recordedSentences)
        .set({ audioKey, updatedAt: new Date() })
        .where(and(eq(recordedSentences.id, id), eq(recordedSentences.revision, revision)))
        .returning();
      return row;
    },

    /**
     * Settles a take's check (only if no newer take replaced it meanwhile) and recounts the model's
     * ready sentences, in one transaction that first locks the model's row. Two takes of one model
     * settled side by side each counted without the other's take and the later write could keep
     * the smaller count; and a reader could see every take ready before the count caught up.
     */
    async settleTakeAndCount(voiceModelId: string, id: string, revision: number, patch: Pick<TakeRow, 'status' | 'errorMessage' | 'qualityScore'>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.select({ id: voiceModels.id }).from(voiceModels).where(eq(voiceModels.id, voiceModelId)).for('update');
        const settled = await tx
          .update(recordedSentences)
          .set({ ...patch, updatedAt: new Date() })
          .where(and(eq(recordedSentences.id, id), eq(recordedSentences.revision, revision)))
          .returning({ id: recordedSentences.id });
        if (settled.length !== 1) return;
        const [ready] = await tx
          .select({ count: sql<number>`count(distinct ${recordedSentences.sentenceId})::int` })
          .from(recordedSentences)
          .where(and(eq(recordedSentences.voiceModelId, voiceModelId), eq(recordedSentences.status, 'ready')));
        await tx.update(voiceModels).set({ sentenceCount: Number(ready?.count ?? 0), updatedAt: new Date() }).where(eq(voiceModels.id, voiceModelId));
      });
    },
  };
}
export type VoiceModelsRepository = ReturnType<typeof createVoiceModelsRepository>;
