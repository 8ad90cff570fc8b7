-- The processing pipeline (issue 11): models and library items keep their original upload,
-- the web-ready GLB and the figures processing measured; `processing_run` numbers each run so
-- that a cancelled or superseded run can never write over a newer one. Materials keep their
-- PBR maps (kind → storage key and size).
ALTER TABLE "project_models" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "project_models" ADD COLUMN "original_key" text;--> statement-breakpoint
ALTER TABLE "project_models" ADD COLUMN "original_name" text;--> statement-breakpoint
ALTER TABLE "project_models" ADD COLUMN "glb_key" text;--> statement-breakpoint
ALTER TABLE "project_models" ADD COLUMN "figures" jsonb;--> statement-breakpoint
ALTER TABLE "project_models" ADD COLUMN "processing_run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "original_key" text;--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "original_name" text;--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "glb_key" text;--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "figures" jsonb;--> statement-breakpoint
ALTER TABLE "library_items" ADD COLUMN "processing_run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "maps" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The reconciler finds records stuck in a processing state without scanning every record.
CREATE INDEX "project_models_in_processing_idx" ON "project_models" USING btree ("company_id","id") WHERE status in ('QUEUED','PROCESSING') and deleted_at is null;--> statement-breakpoint
CREATE INDEX "library_items_in_processing_idx" ON "library_items" USING btree ("company_id","id") WHERE status in ('QUEUED','PROCESSING') and deleted_at is null;
