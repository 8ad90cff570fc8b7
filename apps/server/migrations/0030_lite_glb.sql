ALTER TABLE "library_items" ADD COLUMN "lite_glb_key" text;--> statement-breakpoint
ALTER TABLE "project_models" ADD COLUMN "lite_glb_key" text;