CREATE INDEX "library_items_description_sort_idx" ON "library_items" USING btree ("company_id","description" NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "library_items_status_sort_idx" ON "library_items" USING btree ("company_id","status","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "library_items_started_at_sort_idx" ON "library_items" USING btree ("company_id","started_at" NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "library_items_finished_at_sort_idx" ON "library_items" USING btree ("company_id","finished_at" NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "materials_parent_name_sort_idx" ON "materials" USING btree ("company_id","parent_name" NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "materials_description_sort_idx" ON "materials" USING btree ("company_id","description" NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "materials_status_sort_idx" ON "materials" USING btree ("company_id","status","id") WHERE deleted_at is null;