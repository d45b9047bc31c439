CREATE TABLE "result_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"match_id" uuid NOT NULL,
	"round_number" integer NOT NULL,
	"side" text NOT NULL,
	"result" text NOT NULL,
	"reporter_kind" text NOT NULL,
	"badge_id" uuid,
	"user_id" text,
	"reporter_key" text NOT NULL,
	"client_id" text,
	"device" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_reports_side" CHECK ("result_reports"."side" in ('white', 'black')),
	CONSTRAINT "result_reports_result" CHECK ("result_reports"."result" in ('white', 'draw', 'black'))
);
--> statement-breakpoint
ALTER TABLE "result_reports" ADD CONSTRAINT "result_reports_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_reports" ADD CONSTRAINT "result_reports_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_reports" ADD CONSTRAINT "result_reports_badge_id_badge_tokens_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badge_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_reports" ADD CONSTRAINT "result_reports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_reports_match" ON "result_reports" USING btree ("match_id","created_at");--> statement-breakpoint
CREATE INDEX "result_reports_tournament_round" ON "result_reports" USING btree ("tournament_id","round_number");--> statement-breakpoint
CREATE UNIQUE INDEX "result_reports_client" ON "result_reports" USING btree ("reporter_key","client_id") WHERE "result_reports"."client_id" is not null;--> statement-breakpoint
-- Append-only (docs/decisions/040-result-reports.md): a report is never changed. Only the foreign keys' own
-- "set null" (a badge or account row deleted) may touch a row.
CREATE OR REPLACE FUNCTION result_reports_refuse_update() RETURNS trigger AS $$
BEGIN
  IF (NEW.id, NEW.tournament_id, NEW.match_id, NEW.round_number, NEW.side, NEW.result, NEW.reporter_kind,
      NEW.reporter_key, NEW.client_id, NEW.device, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.tournament_id, OLD.match_id, OLD.round_number, OLD.side, OLD.result, OLD.reporter_kind,
      OLD.reporter_key, OLD.client_id, OLD.device, OLD.created_at)
     OR (NEW.badge_id IS NOT NULL AND NEW.badge_id IS DISTINCT FROM OLD.badge_id)
     OR (NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    RAISE EXCEPTION 'result_reports is append-only';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER result_reports_append_only BEFORE UPDATE ON result_reports
  FOR EACH ROW EXECUTE FUNCTION result_reports_refuse_update();
--> statement-breakpoint
-- Live updates (ADR 003): a report changes how a board shows ("reported") and the arbiter's queue.
CREATE TRIGGER result_reports_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON result_reports
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
