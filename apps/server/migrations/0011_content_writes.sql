-- Content writes: the recycle-bin purge deletes projects and their models; the foreign keys'
-- cascades look up children by parent in every row, in or out of the bin, which the partial
-- (live-only) indexes cannot serve.
CREATE INDEX "projects_parent_idx" ON "projects" USING btree ("company_id","parent_id");--> statement-breakpoint
CREATE INDEX "project_models_project_all_idx" ON "project_models" USING btree ("company_id","project_id");
