import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { User } from '@avatar-factory/contracts';
import { AppError } from '../http/app-error';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string };
    user: { sub: string };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for every signed-in route: 401 'Not authenticated' unless a valid bearer token. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    userId: string;
    /** The signed-in user, loaded once by `authenticate` (routes need not load it again). */
    currentUser: User;
  }
}

export const notAuthenticated = () => new AppError(401, 'Not authenticated', { 'WWW-Authenticate': 'Bearer' });

/** The configured secret, or one generated once and kept in the data folder (mode 0600). */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process created it first: use theirs.
      return (await fs.readFile(file, 'utf8')).trim();
    }
  }
}

export interface AuthPluginOptions {
  secret: string;
  expiresIn: string;
  /** A well-signed token of a user that no longer exists (or never did) is refused like a forged one. */
  findUser(userId: string): Promise<User | undefined>;
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  await app.register(jwt, { secret: options.secret, sign: { expiresIn: options.expiresIn, algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });
  app.decorateRequest('userId', '');
  // Set by authenticate before any signed-in handler runs; null only on routes without it.
  app.decorateRequest('currentUser', null as unknown as User);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header || !/^Bearer [A-Za-z0-9._-]+$/.test(header)) throw notAuthenticated();
    let sub: unknown;
    try {
      sub = (await request.jwtVerify<{ sub: string }>()).sub;
    } catch {
      throw notAuthenticated();
    }
    const user = typeof sub === 'string' ? await options.findUser(sub) : undefined;
    if (!user) throw notAuthenticated();
    request.userId = user.id;
    request.currentUser = user;
  });
});
