import { eq } from 'drizzle-orm';
import { isStorableText } from '@avatar-factory/contracts';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { isUuid } from '../avatars/avatars.repository';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<UserRow | undefined> {
      if (!isStorableText(email)) return undefined;
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },
    async findById(id: string): Promise<UserRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    /** Inserts, or answers undefined when the e-mail is taken (unique index, race-free). */
    async insert(email: string, passwordHash: string): Promise<UserRow | undefined> {
      const rows = await db.insert(users).values({ email, passwordHash }).onConflictDoNothing({ target: users.email }).returning();
      return rows[0];
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
