CREATE TABLE "follow_events" (
	"tournament_id" uuid NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_events_tournament_id_key_pk" PRIMARY KEY("tournament_id","key")
);
--> statement-breakpoint
CREATE TABLE "follow_targets" (
	"follower_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_targets_follower_id_kind_target_id_pk" PRIMARY KEY("follower_id","kind","target_id"),
	CONSTRAINT "follow_targets_kind" CHECK ("follow_targets"."kind" in ('player', 'school'))
);
--> statement-breakpoint
CREATE TABLE "followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"endpoint" text,
	"p256dh" text,
	"auth" text,
	"email" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "followers_channel" CHECK ("followers"."channel" in ('push', 'email')),
	CONSTRAINT "followers_channel_fields" CHECK (("followers"."channel" = 'push' and "followers"."endpoint" is not null and "followers"."p256dh" is not null and "followers"."auth" is not null) or ("followers"."channel" = 'email' and "followers"."email" is not null))
);
--> statement-breakpoint
CREATE TABLE "push_keys" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"follow_key_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_keys_one_row" CHECK ("push_keys"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "push_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"follower_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "push_messages_status" CHECK ("push_messages"."status" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "follow_events" ADD CONSTRAINT "follow_events_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_targets" ADD CONSTRAINT "follow_targets_follower_id_followers_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."followers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followers" ADD CONSTRAINT "followers_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_follower_id_followers_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."followers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_targets_target" ON "follow_targets" USING btree ("kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "followers_endpoint" ON "followers" USING btree ("tournament_id","endpoint");--> statement-breakpoint
CREATE UNIQUE INDEX "followers_email" ON "followers" USING btree ("tournament_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "push_messages_one_queued" ON "push_messages" USING btree ("follower_id","topic") WHERE "push_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "push_messages_due" ON "push_messages" USING btree ("status","next_attempt_at");