import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordedSentences, voiceModels } from '../../db/schema';
import { isUuid } from '../avatars/avatars.repository';

export type VoiceModelRow = typeof voiceModels.$inferSelect;
export type RecordedSentenceRow = typeof recordedSentences.$inferSelect;
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

    listSentences: (voiceModelId: string) =>
      db.select().from(recordedSentences).where(eq(recordedSentences.voiceModelId, voiceModelId)).orderBy(recordedSentences.createdAt),

    async findSentence(id: string): Promise<RecordedSentenceRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(recordedSentences).where(eq(recordedSentences.id, id));
      return row;
    },

    async findSentenceBySentenceId(voiceModelId: string, sentenceId: string): Promise<RecordedSentenceRow | undefined> {
      const [row] = await db
        .select()
        .from(recordedSentences)
        .where(and(eq(recordedSentences.voiceModelId, voiceModelId), eq(recordedSentences.sentenceId, sentenceId)));
      return row;
    },

    async insertSentence(values: typeof recordedSentences.$inferInsert): Promise<RecordedSentenceRow> {
      const [row] = await db.insert(recordedSentences).values(values).returning();
      return row!;
    },

    async updateSentence(id: string, patch: Partial<Omit<RecordedSentenceRow, 'id' | 'voiceModelId' | 'createdAt'>>): Promise<RecordedSentenceRow | undefined> {
      const [row] = await db.update(recordedSentences).set({ ...patch, updatedAt: new Date() }).where(eq(recordedSentences.id, id)).returning();
      return row;
    },

    /** Settles a take's check only if no newer take replaced it meanwhile. */
    async settleSentence(id: string, revision: number, patch: Pick<RecordedSentenceRow, 'status' | 'errorMessage' | 'qualityScore'>): Promise<boolean> {
      const rows = await db
        .update(recordedSentences)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(recordedSentences.id, id), eq(recordedSentences.revision, revision)))
        .returning({ id: recordedSentences.id });
      return rows.length === 1;
    },
  };
}
export type VoiceModelsRepository = ReturnType<typeof createVoiceModelsRepository>;
