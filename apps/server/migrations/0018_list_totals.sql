-- Totals of the large lists (library items, materials) by status and bin, kept on write
-- (docs/decisions/0028). Counting 1M rows takes ~100 ms; these lists' totals were counted once
-- per process and list, and counted again after every change of the table, which under the
-- writes of a busy company (saves, bulk actions, the pipeline's status changes) meant counting
-- again many times a second. A list filtered by status only (or not at all) now sums these rows.
-- Statement-level triggers add each statement's net change per (company, status, bin); a
-- statement that changes neither (a renamed item) writes nothing and locks nothing.
CREATE TABLE "list_totals" (
  "company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
  "list_table" text NOT NULL,
  "status" text NOT NULL,
  "trashed" boolean NOT NULL,
  "n" bigint NOT NULL,
  PRIMARY KEY ("company_id", "list_table", "status", "trashed")
);
--> statement-breakpoint
-- Adds each (company, status, bin)'s net change; ordered, so that two statements that touch the
-- same totals lock them in the same order and cannot deadlock.
CREATE FUNCTION meshport_list_totals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_totals AS t (company_id, list_table, status, trashed, n)
    SELECT company_id, TG_TABLE_NAME, status, deleted_at IS NOT NULL, count(*) FROM rows_in
    GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
    ON CONFLICT (company_id, list_table, status, trashed) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE list_totals t SET n = t.n - d.n
    FROM (SELECT company_id, status, deleted_at IS NOT NULL AS trashed, count(*) AS n FROM rows_out
          GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d
    WHERE t.company_id = d.company_id AND t.list_table = TG_TABLE_NAME AND t.status = d.status AND t.trashed = d.trashed;
  ELSE
    INSERT INTO list_totals AS t (company_id, list_table, status, trashed, n)
    SELECT company_id, TG_TABLE_NAME, status, trashed, sum(delta) FROM (
      SELECT company_id, status, deleted_at IS NOT NULL AS trashed, 1 AS delta FROM rows_in
      UNION ALL
      SELECT company_id, status, deleted_at IS NOT NULL, -1 FROM rows_out
    ) changes
    GROUP BY 1, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 3, 4
    ON CONFLICT (company_id, list_table, status, trashed) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION meshport_list_totals_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_totals WHERE list_table = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_items_totals_inserted AFTER INSERT ON library_items
  REFERENCING NEW TABLE AS rows_in FOR EACH STATEMENT EXECUTE FUNCTION meshport_list_totals_changed();
--> statement-breakpoint
CREATE TRIGGER library_items_totals_updated AFTER UPDATE ON library_items
  REFERENCING OLD TABLE AS rows_out NEW TABLE AS rows_in FOR EACH STATEMENT EXECUTE FUNCTION meshport_list_totals_changed();
--> statement-breakpoint
CREATE TRIGGER library_items_totals_deleted AFTER DELETE ON library_items
  REFERENCING OLD TABLE AS rows_out FOR EACH STATEMENT EXECUTE FUNCTION meshport_list_totals_changed();
--> statement-breakpoint
CREATE TRIGGER library_items_totals_truncated AFTER TRUNCATE ON library_items
  FOR EACH STATEMENT EXECUTE FUNCTION meshport_list_totals_truncated();
--> statement-breakpoint
CREATE TRIGGER materials_totals_inserted AFTER INSERT ON materials
  REFERENCING NEW TABLE AS rows_in FOR EACH STATEMENT EXECUTE FUNCTION meshport_list_totals_changed();
--> statement-breakpoint
CREATE TRIGGER materials_totals_updated AFTER UPDATE ON materials
  REFERENCING OLD TABLE AS rows_out NEW TABLE AS rows_in FOR EACH STATEMENT EXECUTE FUNCTION meshport_list_totals_changed();
--> statement-breakpoint
CREATE TRIGGER materials_totals_deleted AFTER DELETE ON materials
  REFERENCING OLD TABLE AS rows_out FOR EACH STATEMENT EXECUTE FUNCTION meshport_list_totals_changed();
--> statement-breakpoint
CREATE TRIGGER materials_totals_truncated AFTER TRUNCATE ON materials
  FOR EACH STATEMENT EXECUTE FUNCTION meshport_list_totals_truncated();
--> statement-breakpoint
-- Counts a company's totals afresh: after bulk loads that ran without triggers (the generator).
CREATE FUNCTION meshport_recount_list_totals(company integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM list_totals WHERE company_id = company;
  INSERT INTO list_totals (company_id, list_table, status, trashed, n)
  SELECT company, 'library_items', status, deleted_at IS NOT NULL, count(*) FROM library_items
  WHERE company_id = company GROUP BY 3, 4
  UNION ALL
  SELECT company, 'materials', status, deleted_at IS NOT NULL, count(*) FROM materials
  WHERE company_id = company GROUP BY 3, 4;
$$;
--> statement-breakpoint
SELECT meshport_recount_list_totals(id) FROM companies;
