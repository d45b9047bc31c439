CREATE TABLE "crm_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"task_id" integer,
	"actor_id" text,
	"action" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_checklist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"text" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"assignee_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"task_id" integer,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_task_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"description" text NOT NULL,
	"due_days_before" integer NOT NULL,
	"is_active" boolean NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"kind" text,
	"title" text NOT NULL,
	"state" text DEFAULT 'not_started' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"assignee_id" text,
	"watcher_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"due_date" date,
	"auto_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_tasks_state" CHECK ("crm_tasks"."state" in ('not_started', 'waiting_on_school', 'received_to_check', 'done', 'blocked', 'not_applicable')),
	CONSTRAINT "crm_tasks_priority" CHECK ("crm_tasks"."priority" in ('low', 'normal', 'high', 'urgent'))
);
--> statement-breakpoint
ALTER TABLE "crm_activity" ADD CONSTRAINT "crm_activity_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activity" ADD CONSTRAINT "crm_activity_task_id_crm_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."crm_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_checklist_items" ADD CONSTRAINT "crm_checklist_items_task_id_crm_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."crm_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_checklist_items" ADD CONSTRAINT "crm_checklist_items_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_comments" ADD CONSTRAINT "crm_comments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_comments" ADD CONSTRAINT "crm_comments_task_id_crm_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."crm_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_comments" ADD CONSTRAINT "crm_comments_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tasks" ADD CONSTRAINT "crm_tasks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_tasks" ADD CONSTRAINT "crm_tasks_assignee_id_user_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_activity_school_created" ON "crm_activity" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_activity_task" ON "crm_activity" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "crm_checklist_items_task" ON "crm_checklist_items" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "crm_comments_school" ON "crm_comments" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "crm_comments_task" ON "crm_comments" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_tasks_school_kind" ON "crm_tasks" USING btree ("school_id","kind") WHERE "crm_tasks"."kind" is not null;--> statement-breakpoint
CREATE INDEX "crm_tasks_school" ON "crm_tasks" USING btree ("school_id");--> statement-breakpoint
-- The CRM's activity log is append-only (ADR 027): a row is never changed; it goes only with its school or task.
CREATE OR REPLACE FUNCTION crm_activity_refuse_update() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'crm_activity is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER crm_activity_append_only BEFORE UPDATE ON crm_activity
  FOR EACH ROW EXECUTE FUNCTION crm_activity_refuse_update();
--> statement-breakpoint
-- Live updates (ADR 003, ADR 027): a task, checklist item or comment changed reaches every open CRM board.
CREATE TRIGGER crm_tasks_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON crm_tasks
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER crm_checklist_items_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON crm_checklist_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER crm_comments_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON crm_comments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
-- Registrations and payments (topic 'registrations'): what the CRM's tasks tick themselves from.
CREATE TRIGGER registrations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON registrations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER registration_teams_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON registration_teams
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER registration_team_players_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON registration_team_players
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER payments_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
