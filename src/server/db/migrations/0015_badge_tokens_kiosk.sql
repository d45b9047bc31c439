CREATE TABLE "badge_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"player_id" uuid,
	"school_id" uuid,
	"token" text NOT NULL,
	"code" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "badge_tokens_owner" CHECK (("badge_tokens"."kind" = 'player' and "badge_tokens"."player_id" is not null and "badge_tokens"."school_id" is null) or ("badge_tokens"."kind" = 'school' and "badge_tokens"."school_id" is not null and "badge_tokens"."player_id" is null))
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "checkin_source" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "signed_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "badge_tokens" ADD CONSTRAINT "badge_tokens_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_tokens" ADD CONSTRAINT "badge_tokens_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "badge_tokens_token" ON "badge_tokens" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_tokens_code" ON "badge_tokens" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "badge_tokens_live_player" ON "badge_tokens" USING btree ("player_id") WHERE "badge_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "badge_tokens_live_school" ON "badge_tokens" USING btree ("school_id") WHERE "badge_tokens"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "badge_tokens_player" ON "badge_tokens" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "badge_tokens_school" ON "badge_tokens" USING btree ("school_id");--> statement-breakpoint
-- hand-written below
-- Check-ins made before the source was recorded were all made at the desk.
UPDATE "players" SET "checkin_source" = 'desk' WHERE "checked_in_at" IS NOT NULL AND "checkin_source" IS NULL;
