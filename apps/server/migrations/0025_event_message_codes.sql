ALTER TABLE "geometry_events" ADD COLUMN "message_code" text;--> statement-breakpoint
ALTER TABLE "geometry_events" ADD COLUMN "message_params" jsonb;