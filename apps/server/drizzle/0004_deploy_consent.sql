ALTER TABLE "avatars" ADD COLUMN "deploy_consent" jsonb;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "deploy_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "deploy_consent_user_id" uuid;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_deploy_consent_user_id_users_id_fk" FOREIGN KEY ("deploy_consent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;