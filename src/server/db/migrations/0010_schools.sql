CREATE TABLE "schools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"teacher_name" text,
	"teacher_email" text,
	"teacher_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tournament_id" uuid NOT NULL,
	"school_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "school_id" uuid;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "school_id" uuid;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schools_name_key" ON "schools" USING btree (lower(regexp_replace(btrim("name"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "teams_tournament_name" ON "teams" USING btree ("tournament_id",lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "teams_school" ON "teams" USING btree ("school_id");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "players_team" ON "players" USING btree ("team_id");;--> statement-breakpoint
-- Data: today's school names (registrations) and team names (players' group names, the school inferred by the
-- rule of domain/schools.ts: a trailing single capital letter after a space removed) become schools and
-- teams; every registration and every player with a group name is linked. Nothing is deleted or renamed.
-- A school's key is its name trimmed, inner spaces collapsed, lower-cased (as the unique index schools_name_key).
INSERT INTO "schools" ("name", "created_at")
SELECT DISTINCT ON (lower("n")) "n", "at"
FROM (
  SELECT coalesce(nullif(regexp_replace(btrim("school_name"), '\s+', ' ', 'g'), ''), 'Registration ' || "reference") AS "n",
         "created_at" AS "at"
  FROM "registrations"
  UNION ALL
  SELECT regexp_replace(regexp_replace(btrim("group_name"), '\s+[A-Z]$', ''), '\s+', ' ', 'g'), "created_at"
  FROM "players"
  WHERE "group_name" IS NOT NULL AND btrim("group_name") <> ''
    -- A promoted player's school is their registration's (below), not one read from the team name.
    AND NOT EXISTS (SELECT 1 FROM "registration_team_players" AS "rtp" WHERE "rtp"."player_id" = "players"."id")
) AS "named"
WHERE "n" <> ''
ORDER BY lower("n"), "at";--> statement-breakpoint
-- The teacher in charge: the registrant of the school's latest registration.
UPDATE "schools" AS "s"
SET "teacher_name" = "r"."registrant_name", "teacher_email" = "r"."registrant_email", "teacher_phone" = "r"."registrant_phone"
FROM (
  SELECT DISTINCT ON (lower(coalesce(nullif(regexp_replace(btrim("school_name"), '\s+', ' ', 'g'), ''), 'Registration ' || "reference")))
         lower(coalesce(nullif(regexp_replace(btrim("school_name"), '\s+', ' ', 'g'), ''), 'Registration ' || "reference")) AS "key",
         "registrant_name", "registrant_email", "registrant_phone"
  FROM "registrations"
  ORDER BY 1, "created_at" DESC
) AS "r"
WHERE lower(regexp_replace(btrim("s"."name"), '\s+', ' ', 'g')) = "r"."key";--> statement-breakpoint
UPDATE "registrations" AS "r"
SET "school_id" = "s"."id"
FROM "schools" AS "s"
WHERE lower(regexp_replace(btrim("s"."name"), '\s+', ' ', 'g'))
    = lower(coalesce(nullif(regexp_replace(btrim("r"."school_name"), '\s+', ' ', 'g'), ''), 'Registration ' || "r"."reference"));--> statement-breakpoint
ALTER TABLE "registrations" ALTER COLUMN "school_id" SET NOT NULL;--> statement-breakpoint
-- One team per tournament and group name (case and outer spaces ignored). Its school: the registration's
-- school when a player of the team was promoted from a registration, else the school inferred from the name.
INSERT INTO "teams" ("tournament_id", "school_id", "name", "created_at")
SELECT DISTINCT ON ("p"."tournament_id", lower(btrim("p"."group_name")))
       "p"."tournament_id", coalesce("r"."school_id", "inferred"."id"), btrim("p"."group_name"), "p"."created_at"
FROM "players" AS "p"
LEFT JOIN "registration_team_players" AS "rtp" ON "rtp"."player_id" = "p"."id"
LEFT JOIN "registration_teams" AS "rt" ON "rt"."id" = "rtp"."team_id"
LEFT JOIN "registrations" AS "r" ON "r"."id" = "rt"."registration_id"
LEFT JOIN "schools" AS "inferred"
  ON lower(regexp_replace(btrim("inferred"."name"), '\s+', ' ', 'g'))
   = lower(regexp_replace(regexp_replace(btrim("p"."group_name"), '\s+[A-Z]$', ''), '\s+', ' ', 'g'))
WHERE "p"."group_name" IS NOT NULL AND btrim("p"."group_name") <> ''
ORDER BY "p"."tournament_id", lower(btrim("p"."group_name")), ("r"."school_id" IS NULL), "p"."created_at";--> statement-breakpoint
UPDATE "players" AS "p"
SET "team_id" = "t"."id", "school_id" = "t"."school_id"
FROM "teams" AS "t"
WHERE "t"."tournament_id" = "p"."tournament_id" AND lower(btrim("t"."name")) = lower(btrim("p"."group_name"));
