import { z } from 'zod';

/** GET /api/health: liveness. The process answers; says nothing about its dependencies. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

export const readinessDependencies = ['database', 'storage', 'queue'] as const;
export type ReadinessDependency = (typeof readinessDependencies)[number];

const checkResultSchema = z.enum(['ok', 'failed', 'timed_out']);
export const readinessChecksSchema = z.object({ database: checkResultSchema, storage: checkResultSchema, queue: checkResultSchema });
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

/** GET /api/ready 200: every dependency answered. */
export const readyResponseSchema = z.object({ status: z.literal('ready'), checks: readinessChecksSchema });

/** GET /api/ready 503: which dependencies did not answer, in the API's error shape. */
export const notReadyResponseSchema = z.object({
  detail: z.object({
    code: z.literal('not_ready'),
    message: z.string(),
    failed: z.array(z.enum(readinessDependencies)).min(1),
    checks: readinessChecksSchema,
  }),
});
