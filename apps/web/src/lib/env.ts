import { z } from 'zod';

/**
 * Build-time settings, validated once at boot so a misconfigured build fails loudly.
 * BASE_URL is Vite's `base` (from BASE_PATH at build time), always with a trailing slash.
 */
const envSchema = z.object({
  BASE_URL: z.string().startsWith('/').endsWith('/'),
});

const env = envSchema.parse(import.meta.env);

/** The home URL: the base path itself, e.g. `/avatar-factory/`. */
export const homeUrl = env.BASE_URL;

/**
 * React Router's basename. Kept with its trailing slash so links to '/' point at the canonical
 * home URL `/avatar-factory/` (the server redirects the slash-less form there anyway).
 */
export const routerBasename = env.BASE_URL;

/** The API lives at the host root (`/api`), not under the base path. */
export const apiBaseUrl = '/api';
