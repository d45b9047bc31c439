CREATE TABLE "page_view_counts" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"referrer_domain" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_counts_day_path_referrer_domain_country_device_pk" PRIMARY KEY("day","path","referrer_domain","country","device"),
	CONSTRAINT "page_view_counts_device" CHECK ("page_view_counts"."device" in ('mobile', 'tablet', 'desktop', 'bot'))
);
--> statement-breakpoint
ALTER TABLE "registration_team_players" ADD COLUMN "public_name_display" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "public_name_display" text;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "public_name_display" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_public_name_display" CHECK ("tournaments"."public_name_display" in ('full', 'first_initial', 'initials'));--> statement-breakpoint
-- hand-written below
ALTER TABLE "players" ADD CONSTRAINT "players_public_name_display" CHECK ("public_name_display" is null or "public_name_display" in ('full', 'first_initial', 'initials'));--> statement-breakpoint
ALTER TABLE "registration_team_players" ADD CONSTRAINT "registration_team_players_public_name_display" CHECK ("public_name_display" is null or "public_name_display" in ('full', 'first_initial', 'initials'));
