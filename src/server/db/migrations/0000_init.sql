CREATE TABLE "custom_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text,
	"full_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "security_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"severity" text DEFAULT 'info' NOT NULL,
	"user_id" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_store" (
	"id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"ttl_seconds" integer DEFAULT 3600 NOT NULL,
	"fingerprint" text
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"round_notifications" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'player' NOT NULL,
	"custom_role_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_role" CHECK ("user_roles"."role" in ('player', 'admin', 'superadmin'))
);
--> statement-breakpoint
CREATE TABLE "user_status" (
	"user_id" text PRIMARY KEY NOT NULL,
	"is_frozen" boolean DEFAULT false NOT NULL,
	"frozen_reason" text,
	"frozen_by" text,
	"frozen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tutorial_progress" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tutorial_completed" boolean DEFAULT false NOT NULL,
	"tutorial_skipped" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_team_players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"date_of_birth" date,
	"school_year" text,
	"guardian_consent_by" text,
	"guardian_consent_at" timestamp with time zone,
	"consent_policy_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_team_players_position" CHECK ("registration_team_players"."position" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "registration_teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" text,
	"registrant_name" text NOT NULL,
	"registrant_email" text NOT NULL,
	"registrant_phone" text,
	"school_name" text NOT NULL,
	"team_count" integer NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "registrations_team_count" CHECK ("registrations"."team_count" >= 1),
	CONSTRAINT "registrations_payment_status" CHECK ("registrations"."payment_status" in ('unpaid', 'pending', 'paid', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"action_type" text NOT NULL,
	"description" text NOT NULL,
	"user_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid,
	"content" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"round_id" uuid NOT NULL,
	"round_number" integer NOT NULL,
	"board_number" integer NOT NULL,
	"white_player_id" uuid NOT NULL,
	"black_player_id" uuid NOT NULL,
	"result" text,
	"completed" boolean GENERATED ALWAYS AS (result is not null) STORED,
	"version" integer DEFAULT 1 NOT NULL,
	"result_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_result" CHECK ("matches"."result" is null or "matches"."result" in ('white', 'black', 'draw', 'white_forfeit_win', 'black_forfeit_win', 'double_forfeit')),
	CONSTRAINT "matches_distinct_players" CHECK ("matches"."white_player_id" <> "matches"."black_player_id")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"rating" integer,
	"group_name" text,
	"club" text,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_byes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"round_id" uuid NOT NULL,
	"round_number" integer NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_byes_kind" CHECK ("round_byes"."kind" in ('pairing', 'full', 'half', 'zero'))
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"completed" boolean GENERATED ALWAYS AS (status = 'completed') STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rounds_status" CHECK ("rounds"."status" in ('upcoming', 'active', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "tournament_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"default_rounds" integer DEFAULT 5 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"venue" text,
	"description" text,
	"start_date" date,
	"end_date" date,
	"current_round" integer DEFAULT 0 NOT NULL,
	"total_rounds" integer DEFAULT 5 NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_rounds_positive" CHECK ("tournaments"."total_rounds" >= 1 and "tournaments"."current_round" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visitor_locations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"ip_address" text,
	"latitude" double precision,
	"longitude" double precision,
	"country" text,
	"city" text,
	"connection_type" text NOT NULL,
	"user_agent" text,
	"referrer" text,
	"session_id" text,
	"user_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_locations_connection_type" CHECK ("visitor_locations"."connection_type" in ('visit', 'login'))
);
--> statement-breakpoint
ALTER TABLE "registration_team_players" ADD CONSTRAINT "registration_team_players_team_id_registration_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."registration_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_teams" ADD CONSTRAINT "registration_teams_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_white_player_id_players_id_fk" FOREIGN KEY ("white_player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_black_player_id_players_id_fk" FOREIGN KEY ("black_player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_byes" ADD CONSTRAINT "round_byes_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_byes" ADD CONSTRAINT "round_byes_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_byes" ADD CONSTRAINT "round_byes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_audit_log_created" ON "security_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "registration_team_players_team" ON "registration_team_players" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "registration_teams_registration" ON "registration_teams" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "registrations_email" ON "registrations" USING btree ("registrant_email");--> statement-breakpoint
CREATE INDEX "system_logs_created" ON "system_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "announcements_tournament_created" ON "announcements" USING btree ("tournament_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_round_board" ON "matches" USING btree ("round_id","board_number");--> statement-breakpoint
CREATE INDEX "matches_tournament_round" ON "matches" USING btree ("tournament_id","round_number");--> statement-breakpoint
CREATE INDEX "players_tournament" ON "players" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "players_user" ON "players" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "round_byes_round_player" ON "round_byes" USING btree ("round_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rounds_tournament_number" ON "rounds" USING btree ("tournament_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tournaments_one_active" ON "tournaments" USING btree ("active") WHERE "tournaments"."active";--> statement-breakpoint
CREATE INDEX "visitor_locations_created" ON "visitor_locations" USING btree ("created_at");