DROP INDEX "followers_email";--> statement-breakpoint
CREATE INDEX "followers_email" ON "followers" USING btree ("tournament_id",lower("email"));