CREATE TABLE "mail_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"broadcast_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"audience" text NOT NULL,
	"style" text NOT NULL,
	"dismissable" boolean NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_early_at" timestamp with time zone,
	"send_email" boolean NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_queue_due" ON "mail_queue" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_queue_broadcast" ON "mail_queue" USING btree ("broadcast_id");--> statement-breakpoint
CREATE INDEX "broadcasts_ends" ON "broadcasts" USING btree ("ends_at");--> statement-breakpoint
-- Live updates (ADR 003): a broadcast created or ended reaches every open page within a second.
CREATE TRIGGER broadcasts_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON broadcasts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
