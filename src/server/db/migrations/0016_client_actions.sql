CREATE TABLE "client_actions" (
	"user_id" text NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"made_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_actions_user_id_client_id_pk" PRIMARY KEY("user_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "client_actions" ADD CONSTRAINT "client_actions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_actions_received_at" ON "client_actions" USING btree ("received_at");