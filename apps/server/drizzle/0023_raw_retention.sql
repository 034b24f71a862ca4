CREATE TABLE "raw_retention" (
	"id" smallint PRIMARY KEY NOT NULL,
	"kept_from" timestamp with time zone NOT NULL
);
