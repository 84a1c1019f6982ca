ALTER TABLE "jobs" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_owner_started_idx" ON "jobs" USING btree ("owner_id","started_at");