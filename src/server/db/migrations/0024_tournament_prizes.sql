ALTER TABLE "tournaments" ADD COLUMN "prizes" jsonb;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "prizes_embargoed" boolean DEFAULT false NOT NULL;