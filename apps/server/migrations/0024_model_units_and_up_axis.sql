ALTER TABLE "library_items" ADD COLUMN "units" text;--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "up_axis" text;--> statement-breakpoint
ALTER TABLE "project_models" ADD COLUMN "units" text;--> statement-breakpoint
ALTER TABLE "project_models" ADD COLUMN "up_axis" text;