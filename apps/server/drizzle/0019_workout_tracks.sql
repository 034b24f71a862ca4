CREATE TABLE "workout_tracks" (
	"workout_id" bigint PRIMARY KEY NOT NULL,
	"points" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workout_tracks" ADD CONSTRAINT "workout_tracks_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE cascade ON UPDATE no action;