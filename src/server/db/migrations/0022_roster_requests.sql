CREATE TABLE "roster_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"tournament_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"player_id" uuid,
	"pupil" jsonb,
	"summary" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_requests_kind" CHECK ("roster_requests"."kind" in ('substitution', 'return', 'team')),
	CONSTRAINT "roster_requests_status" CHECK ("roster_requests"."status" in ('pending', 'accepted', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "registration_team_players" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registration_team_players" ADD COLUMN "replaces_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "registration_team_players" ADD COLUMN "entered_on_the_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roster_requests" ADD CONSTRAINT "roster_requests_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_requests" ADD CONSTRAINT "roster_requests_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_requests_status" ON "roster_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "roster_requests_registration" ON "roster_requests" USING btree ("registration_id");