ALTER TABLE "registration_team_players" ADD COLUMN "guardian_email" text;--> statement-breakpoint
ALTER TABLE "registration_team_players" ADD COLUMN "guardian_confirmed_at" timestamp with time zone;