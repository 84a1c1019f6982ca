import type { RegisterRequest, User } from '@avatar-factory/contracts';
import { errorCodes } from '@avatar-factory/contracts';
import { AppError, conflict } from '../../http/app-error';
import { getDecoyHash, hashPassword, verifyPassword } from './password';
import type { UserRow, UsersRepository } from './users.repository';

export const toUser = (row: UserRow): User => ({ id: row.id, email: row.email, created_at: row.createdAt.toISOString() });

export function createUsersService(deps: { users: UsersRepository; signToken(userId: string): string }) {
  return {
    async register(input: { email: string; password: string } & RegisterRequest): Promise<User> {
      const row = await deps.users.insert(input.email, await hashPassword(input.password));
      if (!row) throw conflict(errorCodes.emailTaken, 'This email is already registered');
      return toUser(row);
    },

    /** The same 401 text whether the e-mail is unknown or the password wrong, in about the same time. */
    async signIn(username: string, password: string): Promise<string> {
      const row = await deps.users.findByEmail(username.trim().toLowerCase());
      const ok = await verifyPassword(password, row?.passwordHash ?? (await getDecoyHash()));
      if (!row || !ok) throw new AppError(401, 'Incorrect email or password', { 'WWW-Authenticate': 'Bearer' });
      return deps.signToken(row.id);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
