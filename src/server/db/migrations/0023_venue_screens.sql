CREATE TABLE "venue_screens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"group_name" text DEFAULT 'Hall' NOT NULL,
	"programme" text[] NOT NULL,
	"all_names" boolean DEFAULT false NOT NULL,
	"theme" text DEFAULT 'dark' NOT NULL,
	"page_seconds" integer DEFAULT 12 NOT NULL,
	"switched_to" text,
	"code" text,
	"code_issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_screens_theme" CHECK ("venue_screens"."theme" in ('dark', 'light')),
	CONSTRAINT "venue_screens_programme" CHECK (cardinality("venue_screens"."programme") >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "venue_screens_name" ON "venue_screens" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "venue_screens_code" ON "venue_screens" USING btree ("code");--> statement-breakpoint
-- Live updates (ADR 003): a screen's programme, the switch or a revoked code reach its display within 2 s.
CREATE TRIGGER venue_screens_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON venue_screens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
