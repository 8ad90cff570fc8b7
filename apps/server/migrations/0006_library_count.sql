ALTER TABLE "library_items" ADD COLUMN "live_library_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "library_items_in_no_library_idx" ON "library_items" USING btree ("company_id","created_at","id") WHERE live_library_count = 0 and deleted_at is null;--> statement-breakpoint
-- live_library_count: how many libraries outside the bin hold an item. Recounted (not
-- incremented) for the items a statement touches, so the order of cascades cannot skew it.
CREATE FUNCTION meshport_live_library_count(company integer, item integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer FROM library_item_libraries lil
  JOIN libraries l ON l.company_id = lil.company_id AND l.id = lil.library_id AND l.deleted_at IS NULL
  WHERE lil.company_id = company AND lil.library_item_id = item
$$;
--> statement-breakpoint
CREATE FUNCTION meshport_library_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE library_items i SET live_library_count = meshport_live_library_count(i.company_id, i.id)
  WHERE (i.company_id, i.id) IN (SELECT DISTINCT company_id, library_item_id FROM changed_links);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_links_inserted AFTER INSERT ON library_item_libraries
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_links_changed();
--> statement-breakpoint
CREATE TRIGGER library_links_updated AFTER UPDATE ON library_item_libraries
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_links_changed();
--> statement-breakpoint
CREATE TRIGGER library_links_deleted AFTER DELETE ON library_item_libraries
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_links_changed();
--> statement-breakpoint
-- A library moved to the bin or restored: its items are in one live library fewer or more.
CREATE FUNCTION meshport_library_bin_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE library_items i SET live_library_count = meshport_live_library_count(i.company_id, i.id)
  WHERE (i.company_id, i.id) IN (
    SELECT DISTINCT lil.company_id, lil.library_item_id
    FROM new_libraries n
    JOIN old_libraries o ON o.company_id = n.company_id AND o.id = n.id
    JOIN library_item_libraries lil ON lil.company_id = n.company_id AND lil.library_id = n.id
    WHERE o.deleted_at IS DISTINCT FROM n.deleted_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER libraries_bin_changed AFTER UPDATE ON libraries
  REFERENCING OLD TABLE AS old_libraries NEW TABLE AS new_libraries
  FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_bin_changed();
--> statement-breakpoint
-- Every item of every company at once, set-based (this migration, bulk loads).
CREATE FUNCTION meshport_recount_live_libraries() RETURNS void LANGUAGE sql AS $$
  UPDATE library_items i SET live_library_count = coalesce(c.n, 0)
  FROM library_items x
  LEFT JOIN (
    SELECT lil.company_id, lil.library_item_id, count(*)::integer AS n FROM library_item_libraries lil
    JOIN libraries l ON l.company_id = lil.company_id AND l.id = lil.library_id AND l.deleted_at IS NULL
    GROUP BY lil.company_id, lil.library_item_id
  ) c ON c.company_id = x.company_id AND c.library_item_id = x.id
  WHERE i.company_id = x.company_id AND i.id = x.id AND i.live_library_count IS DISTINCT FROM coalesce(c.n, 0)
$$;
--> statement-breakpoint
SELECT meshport_recount_live_libraries();
