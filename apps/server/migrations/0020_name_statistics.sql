-- Finer statistics of the searched names (docs/decisions/0031). A search `name ilike '%term%'`
-- is estimated from the column's histogram: with the default 100 entries a term in none of them
-- (`walnut`, in 3.3 % of gen1's million items) was estimated at 101 rows, so the global search
-- read all 33,000 matches through the trigram index and sorted them (1.6 s) instead of walking
-- the newest rows until 25 matched (0.5 ms). 1,000 entries estimate it at 32,000.
ALTER TABLE "library_items" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "materials" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "project_models" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "libraries" ALTER COLUMN "name" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "library_items" ("name");--> statement-breakpoint
ANALYZE "materials" ("name");--> statement-breakpoint
ANALYZE "project_models" ("name");--> statement-breakpoint
ANALYZE "projects" ("name");--> statement-breakpoint
ANALYZE "libraries" ("name");
