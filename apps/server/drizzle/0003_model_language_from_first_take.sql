ALTER TABLE "voice_models" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "voice_models" ALTER COLUMN "language" DROP NOT NULL;