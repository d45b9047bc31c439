CREATE TABLE "crm_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"school_ids" uuid[] NOT NULL,
	"sent_by" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_reminders_sent" (
	"task_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"school_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_reminders_sent_task_id_due_date_pk" PRIMARY KEY("task_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "crm_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "crm_message_id" integer;--> statement-breakpoint
ALTER TABLE "crm_reminders_sent" ADD CONSTRAINT "crm_reminders_sent_task_id_crm_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."crm_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_reminders_sent" ADD CONSTRAINT "crm_reminders_sent_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_reminders_sent_school" ON "crm_reminders_sent" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "mail_queue_crm_message" ON "mail_queue" USING btree ("crm_message_id");