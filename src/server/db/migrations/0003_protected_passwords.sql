CREATE TABLE "protected_passwords" (
	"key" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
