CREATE TABLE "avatars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"avatar_name" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"current_step" text DEFAULT 'Queued' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"voice_type" text NOT NULL,
	"voice_model_id" uuid,
	"enable_lipsync" boolean DEFAULT true NOT NULL,
	"has_result" boolean DEFAULT false NOT NULL,
	"result_message" text DEFAULT '' NOT NULL,
	"deploy_status" text DEFAULT 'ready' NOT NULL,
	"public_id" text,
	"photo_key" text NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatars_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"current_step" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recorded_sentences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"voice_model_id" uuid NOT NULL,
	"sentence_id" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"error_message" text,
	"quality_score" real,
	"audio_key" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "voice_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'recording' NOT NULL,
	"language" text DEFAULT 'ja' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"sentence_count" integer DEFAULT 0 NOT NULL,
	"quality_score" real,
	"error" text,
	"model_key" text,
	"base_voice" text,
	"training_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_voice_model_id_voice_models_id_fk" FOREIGN KEY ("voice_model_id") REFERENCES "public"."voice_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorded_sentences" ADD CONSTRAINT "recorded_sentences_voice_model_id_voice_models_id_fk" FOREIGN KEY ("voice_model_id") REFERENCES "public"."voice_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_models" ADD CONSTRAINT "voice_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "avatars_user_name_uq" ON "avatars" USING btree ("user_id","avatar_name");--> statement-breakpoint
CREATE INDEX "avatars_user_created_idx" ON "avatars" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_after") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "recorded_sentences_model_sentence_uq" ON "recorded_sentences" USING btree ("voice_model_id","sentence_id");--> statement-breakpoint
CREATE INDEX "voice_models_user_idx" ON "voice_models" USING btree ("user_id","created_at");