CREATE TABLE "offline_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"reference" text NOT NULL,
	"school_name" text NOT NULL,
	"team_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offline_checkout_sessions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "offline_checkout_sessions_status" CHECK ("offline_checkout_sessions"."status" in ('open', 'complete', 'expired')),
	CONSTRAINT "offline_checkout_sessions_payment_status" CHECK ("offline_checkout_sessions"."payment_status" in ('paid', 'unpaid'))
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_counters_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "rate_counters_count" CHECK ("rate_counters"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "used_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checkout_refusals" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "offline_checkout_sessions_expires_at" ON "offline_checkout_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_counters_expires_at" ON "rate_counters" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "used_challenges_expires_at" ON "used_challenges" USING btree ("expires_at");