CREATE TABLE "tournament_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL,
	"rule" jsonb NOT NULL,
	"prizes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "section_id" uuid;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "section_by_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "girls_prize" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tournament_sections" ADD CONSTRAINT "tournament_sections_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_sections_slug" ON "tournament_sections" USING btree ("tournament_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_sections_name" ON "tournament_sections" USING btree ("tournament_id",lower("name"));--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_section_id_tournament_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."tournament_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "players_section" ON "players" USING btree ("section_id");--> statement-breakpoint
-- Live updates (ADR 003): a section renamed or its prizes changed redraws the public pages like a tournament change.
CREATE TRIGGER tournament_sections_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tournament_sections
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
