import path from 'node:path';
import { createSpeechEngine, type SpeechEngine } from '@avatar-factory/speech';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { avatarPipeline, type AvatarPipeline } from './engines/avatar-pipeline';
import { createConversionPool } from './engines/conversion-pool';
import { createQueue, type Queue } from './jobs/queue';
import { createAvatarsRepository, type AvatarsRepository } from './modules/avatars/avatars.repository';
import { createHealthRepository, type HealthRepository } from './modules/health/health.repository';
import { createVoiceResolver, type VoiceResolver } from './modules/speech/voice-resolver';
import { createUsersRepository, type UsersRepository } from './modules/users/users.repository';
import { createVoiceModelsRepository, type VoiceModelsRepository } from './modules/voice-models/voice-models.repository';
import { createMetrics, type Metrics } from './observability/metrics';
import { createLocalStorage, type Storage } from './storage/storage';

export interface CoreDeps {
  config: Config;
  /** Opened from the config (DATABASE_URL, or PGlite in DATA_DIR) when not given; tests pass their own. */
  database?: DatabaseHandle;
  /** The engines default to the real ones; a benchmark may pass its own instances. */
  speech?: SpeechEngine;
  pipeline?: AvatarPipeline;
}

/**
 * Everything both entry points need and neither owns alone: settings, database, storage, queue,
 * repositories, engines and metrics. The API process (app.ts) adds the HTTP server on top; a
 * worker process (`npm run worker`) runs job handlers on it and never builds Fastify.
 */
export interface Core {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  queue: Queue;
  repositories: { users: UsersRepository; avatars: AvatarsRepository; voiceModels: VoiceModelsRepository; health: HealthRepository };
  engines: { speech: SpeechEngine; pipeline: AvatarPipeline; voices: VoiceResolver };
  metrics: Metrics;
  /** Stops the engines' worker threads and closes the database. */
  close(): Promise<void>;
}

export async function buildCore({ config, ...given }: CoreDeps): Promise<Core> {
  const database = given.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const storage = createLocalStorage(path.join(config.DATA_DIR, 'files'));
  const queue = createQueue(database.db, { leaseMs: config.JOB_LEASE_MS });
  const repositories = {
    users: createUsersRepository(database.db),
    avatars: createAvatarsRepository(database.db),
    voiceModels: createVoiceModelsRepository(database.db),
    health: createHealthRepository(database.db),
  };
  const speech =
    given.speech ??
    createSpeechEngine({
      concurrency: config.SPEECH_CONCURRENCY,
      assets: config.speechAssets,
      maxRequests: { owner: config.SPEECH_MAX_OWNER_REQUESTS, public: config.SPEECH_MAX_PUBLIC_REQUESTS },
    });
  const conversion = createConversionPool();
  const voices = createVoiceResolver({ voiceModels: repositories.voiceModels, storage, conversion });
  const metrics = createMetrics({ queueDepth: () => queue.depth() });
  let closed: Promise<void> | undefined;
  return {
    config,
    database,
    storage,
    queue,
    repositories,
    engines: { speech, pipeline: given.pipeline ?? avatarPipeline, voices },
    metrics,
    close() {
      closed ??= (async () => {
        await conversion.close();
        await database.close();
      })();
      return closed;
    },
  };
}
