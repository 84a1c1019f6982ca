ALTER TABLE "avatars" ADD COLUMN "default_voice" text;--> statement-breakpoint
UPDATE "avatars" SET "default_voice" = "voice_type" WHERE "voice_type" IN ('female', 'male');
