import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A deploy confirmation as stored: the statement shown, and the voice model it covered (if any). */
export interface StoredDeployConsent {
  likeness: true;
  voice: boolean;
  statement: string;
  voiceModelId: string | null;
}

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

export const voiceModels = pgTable(
  'voice_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    status: text('status', { enum: ['recording', 'training', 'ready', 'failed'] }).notNull().default('recording'),
    /** Null until given at creation or decided by the first take's text. */
    language: text('language', { enum: ['ja', 'en'] }),
    progress: integer('progress').notNull().default(0),
    sentenceCount: integer('sentence_count').notNull().default(0),
    qualityScore: real('quality_score'),
    error: text('error'),
    /** Storage key of the trained model file; null until trained. */
    modelKey: text('model_key'),
    baseVoice: text('base_voice', { enum: ['female', 'male'] }),
    trainingJobId: uuid('training_job_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('voice_models_user_idx').on(table.userId, table.createdAt)],
);

export const recordedSentences = pgTable(
  'recorded_sentences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voiceModelId: uuid('voice_model_id').notNull().references(() => voiceModels.id, { onDelete: 'cascade' }),
    sentenceId: text('sentence_id').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] }).notNull().default('processing'),
    errorMessage: text('error_message'),
    qualityScore: real('quality_score'),
    audioKey: text('audio_key').notNull(),
    /** Bumped on every re-recording so a stale check job cannot overwrite a newer take. */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('recorded_sentences_model_sentence_uq').on(table.voiceModelId, table.sentenceId)],
);

/** One generation task makes one avatar: the task id is the avatar id. */
export const avatars = pgTable(
  'avatars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    avatarName: text('avatar_name').notNull(),
    status: text('status', { enum: ['processing', 'completed', 'failed'] }).notNull().default('processing'),
    progress: integer('progress').notNull().default(0),
    currentStep: text('current_step').notNull().default('Queued'),
    message: text('message').notNull().default(''),
    voiceType: text('voice_type', { enum: ['female', 'male', 'custom'] }).notNull(),
    voiceModelId: uuid('voice_model_id').references(() => voiceModels.id, { onDelete: 'set null' }),
    /** The default voice (female or male) the avatar was given before any personal model: it speaks with it again when its model is deleted. Null when it started on a personal model. */
    defaultVoice: text('default_voice', { enum: ['female', 'male'] }),
    enableLipsync: boolean('enable_lipsync').notNull().default(true),
    /** True once the avatar (rig + portrait) exists: the task has a `result`. */
    hasResult: boolean('has_result').notNull().default(false),
    resultMessage: text('result_message').notNull().default(''),
    deployStatus: text('deploy_status', { enum: ['ready', 'deploying', 'deployed'] }).notNull().default('ready'),
    /** Unguessable id of the public Web Avatar page; null while not deployed. */
    publicId: text('public_id').unique(),
    /**
     * The owner's confirmation before going public: what was agreed to, when and by
     * whom. Null until a deploy call carries one (the spec's body-less call confirms nothing).
     */
    deployConsent: jsonb('deploy_consent').$type<StoredDeployConsent>(),
    deployConsentAt: timestamp('deploy_consent_at', { withTimezone: true, mode: 'date' }),
    deployConsentUserId: uuid('deploy_consent_user_id').references(() => users.id, { onDelete: 'set null' }),
    photoKey: text('photo_key').notNull(),
    jobId: uuid('job_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('avatars_user_name_uq').on(table.userId, table.avatarName),
    index('avatars_user_created_idx').on(table.userId, table.createdAt),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed', 'cancelled'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    progress: integer('progress').notNull().default(0),
    currentStep: text('current_step'),
    lastError: text('last_error'),
    /** Whose work it is: the queue takes turns between users (queue.ts). Null: nobody's (tests, maintenance). */
    ownerId: uuid('owner_id'),
    /** When a worker last claimed it: the user served longest ago goes next. */
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('jobs_claim_idx').on(table.status, table.runAfter).where(sql`status in ('queued', 'running')`),
    index('jobs_owner_started_idx').on(table.ownerId, table.startedAt),
  ],
);
