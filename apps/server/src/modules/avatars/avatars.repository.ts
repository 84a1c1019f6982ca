import { and, desc, eq, sql } from 'drizzle-orm';
import { isStorableText } from '@avatar-factory/contracts';
import type { Database } from '../../db/client';
import { avatars } from '../../db/schema';

export type AvatarRow = typeof avatars.$inferSelect;
export type NewAvatar = typeof avatars.$inferInsert;
type AvatarPatch = Partial<Omit<AvatarRow, 'id' | 'userId' | 'createdAt'>>;

/** All SQL for avatars (= generation tasks). Every read by id is scoped to its owner. */
/** The task's message while a worker makes the avatar (the step itself is in currentStep). */
export const workingMessage = 'Your avatar is being made. This takes a few seconds.';

export function createAvatarsRepository(db: Database) {
  return {
    listByUser: (userId: string) => db.select().from(avatars).where(eq(avatars.userId, userId)).orderBy(desc(avatars.createdAt)),

    async findOwned(userId: string, id: string): Promise<AvatarRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(avatars).where(and(eq(avatars.id, id), eq(avatars.userId, userId)));
      return row;
    },

    async findOwnedByName(userId: string, name: string): Promise<AvatarRow | undefined> {
      if (!isStorableText(name)) return undefined;
      const [row] = await db.select().from(avatars).where(and(eq(avatars.avatarName, name), eq(avatars.userId, userId)));
      return row;
    },

    async findById(id: string): Promise<AvatarRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(avatars).where(eq(avatars.id, id));
      return row;
    },

    async findByPublicId(publicId: string): Promise<AvatarRow | undefined> {
      const [row] = await db.select().from(avatars).where(and(eq(avatars.publicId, publicId), eq(avatars.deployStatus, 'deployed')));
      return row;
    },

    /** Inserts, or answers undefined when the user already has an avatar of that name. */
    async insert(values: NewAvatar): Promise<AvatarRow | undefined> {
      const rows = await db.insert(avatars).values(values).onConflictDoNothing({ target: [avatars.userId, avatars.avatarName] }).returning();
      return rows[0];
    },

    async update(id: string, patch: AvatarPatch): Promise<AvatarRow | undefined> {
      const [row] = await db.update(avatars).set({ ...patch, updatedAt: new Date() }).where(eq(avatars.id, id)).returning();
      return row;
    },

    /** Progress only grows, whatever order the writes arrive in. */
    /** A worker has the task: the queued text ('Waiting for a worker') no longer holds. */
    async reportProgress(id: string, progress: number, currentStep: string): Promise<void> {
      await db
        .update(avatars)
        .set({ progress: sql`greatest(${avatars.progress}, ${Math.round(progress)})`, currentStep, message: workingMessage, updatedAt: new Date() })
        .where(and(eq(avatars.id, id), eq(avatars.status, 'processing')));
    },

    /** Compare-and-set on deploy_status, so two deploy calls cannot both start. */
    async transitionDeploy(id: string, from: AvatarRow['deployStatus'], patch: AvatarPatch): Promise<AvatarRow | undefined> {
      const [row] = await db
        .update(avatars)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(avatars.id, id), eq(avatars.deployStatus, from)))
        .returning();
      return row;
    },

    async countProcessing(userId: string): Promise<number> {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(avatars).where(and(eq(avatars.userId, userId), eq(avatars.status, 'processing')));
      return Number(row?.count ?? 0);
    },

    async hasProcessing(userId: string): Promise<boolean> {
      const rows = await db.select({ id: avatars.id }).from(avatars).where(and(eq(avatars.userId, userId), eq(avatars.status, 'processing'))).limit(1);
      return rows.length > 0;
    },

    /**
     * Avatars speaking with a model go back to their default voice when it is deleted: the one
     * they had before the model, or `fallback` (the model's base voice) for an avatar made with it.
     */
    async resetVoiceModel(voiceModelId: string, fallback: 'female' | 'male'): Promise<void> {
      await db
        .update(avatars)
        .set({ voiceModelId: null, voiceType: sql`coalesce(${avatars.defaultVoice}, ${fallback})`, updatedAt: new Date() })
        .where(eq(avatars.voiceModelId, voiceModelId));
    },

    async remove(id: string): Promise<void> {
      await db.delete(avatars).where(eq(avatars.id, id));
    },
  };
}
export type AvatarsRepository = ReturnType<typeof createAvatarsRepository>;

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
