-- Derived counts of libraries, kept on write (content issue item 8) instead of walking each
-- library's subtree per row at read time:
--   indirect_items_count: live items linked to the library or to a live sub-library at any depth;
--   connected_items_count: items (in or out of the bin) there that a live project model uses;
--     is_deletable is `connected_items_count = 0` (content.md §4, library.policy.ts).
-- library_tree_items holds, for every item, the libraries whose subtree holds it: the libraries it
-- is linked to and, above each, the parent chain while the library below is out of the bin (the
-- walk of descendantsCte in content-fields.ts, upwards). Its rows carry the item's two flags, and
-- statement triggers on it add and subtract them from the libraries' counts, so that a count is
-- exact whatever order cascades run in. Every other trigger only says which items to re-derive.
ALTER TABLE "libraries" ADD COLUMN "indirect_items_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "libraries" ADD COLUMN "connected_items_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "library_tree_items" (
	"company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
	"library_id" integer NOT NULL,
	"library_item_id" integer NOT NULL,
	"live" boolean NOT NULL,
	"connected" boolean NOT NULL,
	CONSTRAINT "library_tree_items_pkey" PRIMARY KEY("company_id","library_id","library_item_id")
);--> statement-breakpoint
CREATE INDEX "library_tree_items_item_idx" ON "library_tree_items" USING btree ("company_id","library_item_id");--> statement-breakpoint
-- What library_tree_items should hold for these items of one company, from the tables as they are.
-- Items no longer there, or neither live nor connected, reach nothing.
CREATE FUNCTION meshport_library_reach(company integer, items integer[])
RETURNS TABLE (library_id integer, library_item_id integer, live boolean, connected boolean)
LANGUAGE sql STABLE AS $$
  -- Index probes from the ids up (never `= ANY(items)`, nor a join the planner would size by
  -- a guess at the array's length): linear in the links and the depth.
  WITH RECURSIVE up(item_id, live, connected, library_id, climbs, parent_id, depth) AS (
    SELECT i.id, i.deleted_at IS NULL, EXISTS (
        SELECT 1 FROM project_model_library_items pmi
        JOIN project_models pm ON pm.company_id = pmi.company_id AND pm.id = pmi.project_model_id
          AND pm.deleted_at IS NULL
        WHERE pmi.company_id = company AND pmi.library_item_id = i.id),
      l.id, l.deleted_at IS NULL, l.parent_id, 0
    FROM (SELECT DISTINCT x AS id FROM unnest(items) x) w
    JOIN library_items i ON i.company_id = company AND i.id = w.id
    JOIN library_item_libraries lk ON lk.company_id = company AND lk.library_item_id = i.id
    JOIN libraries l ON l.company_id = company AND l.id = lk.library_id
    UNION ALL
    SELECT up.item_id, up.live, up.connected, p.id, p.deleted_at IS NULL, p.parent_id, up.depth + 1
    FROM up JOIN libraries p ON p.company_id = company AND p.id = up.parent_id
    WHERE up.climbs AND up.depth < 64
  )
  SELECT DISTINCT up.library_id, up.item_id, up.live, up.connected FROM up WHERE up.live OR up.connected
$$;
--> statement-breakpoint
-- Re-derives library_tree_items of these items: their rows go and come back as they now are
-- (the counting triggers below subtract the old rows and add the new ones).
CREATE FUNCTION meshport_refresh_library_reach(company integer, items integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF company IS NULL OR items IS NULL OR cardinality(items) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM library_tree_items t USING (SELECT DISTINCT x AS id FROM unnest(items) x) w
  WHERE t.company_id = company AND t.library_item_id = w.id;
  INSERT INTO library_tree_items (company_id, library_id, library_item_id, live, connected)
  SELECT company, r.library_id, r.library_item_id, r.live, r.connected FROM meshport_library_reach(company, items) r;
END
$$;
--> statement-breakpoint
-- The counts follow library_tree_items: + what comes in, - what goes, new - old on a change.
CREATE FUNCTION meshport_library_tree_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE libraries l
  SET indirect_items_count = l.indirect_items_count + d.live, connected_items_count = l.connected_items_count + d.connected
  FROM (
    SELECT x.company_id, x.library_id, sum(x.live)::integer AS live, sum(x.connected)::integer AS connected
    FROM (
      SELECT n.company_id, n.library_id, n.live::integer AS live, n.connected::integer AS connected
      FROM tree_rows_in n
      UNION ALL
      SELECT o.company_id, o.library_id, -o.live::integer, -o.connected::integer
      FROM tree_rows_out o
    ) x GROUP BY x.company_id, x.library_id
  ) d
  WHERE l.company_id = d.company_id AND l.id = d.library_id AND (d.live <> 0 OR d.connected <> 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION meshport_library_tree_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE libraries l
  SET indirect_items_count = l.indirect_items_count + d.live, connected_items_count = l.connected_items_count + d.connected
  FROM (SELECT company_id, library_id, count(*) FILTER (WHERE live)::integer AS live,
      count(*) FILTER (WHERE connected)::integer AS connected
    FROM tree_rows_in GROUP BY company_id, library_id) d
  WHERE l.company_id = d.company_id AND l.id = d.library_id AND (d.live <> 0 OR d.connected <> 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION meshport_library_tree_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE libraries l
  SET indirect_items_count = l.indirect_items_count - d.live, connected_items_count = l.connected_items_count - d.connected
  FROM (SELECT company_id, library_id, count(*) FILTER (WHERE live)::integer AS live,
      count(*) FILTER (WHERE connected)::integer AS connected
    FROM tree_rows_out GROUP BY company_id, library_id) d
  WHERE l.company_id = d.company_id AND l.id = d.library_id AND (d.live <> 0 OR d.connected <> 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_tree_items_inserted AFTER INSERT ON library_tree_items
  REFERENCING NEW TABLE AS tree_rows_in FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_inserted();
--> statement-breakpoint
CREATE TRIGGER library_tree_items_updated AFTER UPDATE ON library_tree_items
  REFERENCING OLD TABLE AS tree_rows_out NEW TABLE AS tree_rows_in
  FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_updated();
--> statement-breakpoint
CREATE TRIGGER library_tree_items_deleted AFTER DELETE ON library_tree_items
  REFERENCING OLD TABLE AS tree_rows_out FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_deleted();
--> statement-breakpoint
-- Links of items to libraries changed: those items.
CREATE FUNCTION meshport_library_tree_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT company_id, array_agg(DISTINCT library_item_id) AS items FROM changed_links GROUP BY company_id LOOP
    PERFORM meshport_refresh_library_reach(c.company_id, c.items);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_tree_links_inserted AFTER INSERT ON library_item_libraries
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_links_changed();
--> statement-breakpoint
CREATE TRIGGER library_tree_links_deleted AFTER DELETE ON library_item_libraries
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_links_changed();
--> statement-breakpoint
-- An update may move a link to another item: the items on both sides.
CREATE FUNCTION meshport_library_tree_links_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT company_id, array_agg(DISTINCT library_item_id) AS items
    FROM (SELECT company_id, library_item_id FROM old_links UNION SELECT company_id, library_item_id FROM new_links) x
    GROUP BY company_id LOOP
    PERFORM meshport_refresh_library_reach(c.company_id, c.items);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_tree_links_updated AFTER UPDATE ON library_item_libraries
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_links_updated();
--> statement-breakpoint
-- Libraries re-parented, or moved to or back from the bin: the items linked at or below them
-- (through live sub-libraries; one that changed in the same statement is a start of its own).
-- A library at the top level before and after climbs to nothing, so its bin changes nothing.
CREATE FUNCTION meshport_library_tree_libraries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  FOR c IN
    WITH RECURSIVE moved AS (
      SELECT n.company_id, n.id FROM new_libraries n
      JOIN old_libraries o ON o.company_id = n.company_id AND o.id = n.id
      WHERE (o.parent_id IS DISTINCT FROM n.parent_id OR (o.deleted_at IS NULL) <> (n.deleted_at IS NULL))
        AND (o.parent_id IS NOT NULL OR n.parent_id IS NOT NULL)
    ), below(company_id, id, depth) AS (
      SELECT company_id, id, 0 FROM moved
      UNION ALL
      SELECT d.company_id, d.id, below.depth + 1 FROM below
      JOIN libraries d ON d.company_id = below.company_id AND d.parent_id = below.id AND d.deleted_at IS NULL
      WHERE below.depth < 64
    )
    SELECT lk.company_id, array_agg(DISTINCT lk.library_item_id) AS items
    FROM (SELECT DISTINCT company_id, id FROM below) b
    JOIN library_item_libraries lk ON lk.company_id = b.company_id AND lk.library_id = b.id
    GROUP BY lk.company_id
  LOOP
    PERFORM meshport_refresh_library_reach(c.company_id, c.items);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_tree_libraries_changed AFTER UPDATE ON libraries
  REFERENCING OLD TABLE AS old_libraries NEW TABLE AS new_libraries
  FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_libraries_changed();
--> statement-breakpoint
-- Libraries deleted for good: their rows go (their links' cascade re-derives the items).
CREATE FUNCTION meshport_library_tree_libraries_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_tree_items t USING old_libraries o WHERE t.company_id = o.company_id AND t.library_id = o.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_tree_libraries_deleted AFTER DELETE ON libraries
  REFERENCING OLD TABLE AS old_libraries FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_libraries_deleted();
--> statement-breakpoint
-- Items moved to or back from the bin: their live flag.
CREATE FUNCTION meshport_library_tree_items_binned() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT n.company_id, array_agg(DISTINCT n.id) AS items FROM new_items n
    JOIN old_items o ON o.company_id = n.company_id AND o.id = n.id
    WHERE (o.deleted_at IS NULL) <> (n.deleted_at IS NULL) GROUP BY n.company_id LOOP
    PERFORM meshport_refresh_library_reach(c.company_id, c.items);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_tree_items_binned AFTER UPDATE ON library_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_items_binned();
--> statement-breakpoint
-- Items deleted for good: whatever rows their links' cascade left.
CREATE FUNCTION meshport_library_tree_items_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_tree_items t USING old_items o WHERE t.company_id = o.company_id AND t.library_item_id = o.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_tree_items_deleted_for_good AFTER DELETE ON library_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_items_deleted();
--> statement-breakpoint
-- Models linked to items or unlinked: the connected flag of those items.
CREATE FUNCTION meshport_library_tree_model_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT company_id, array_agg(DISTINCT library_item_id) AS items FROM changed_model_links GROUP BY company_id LOOP
    PERFORM meshport_refresh_library_reach(c.company_id, c.items);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_tree_model_links_inserted AFTER INSERT ON project_model_library_items
  REFERENCING NEW TABLE AS changed_model_links FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_model_links_changed();
--> statement-breakpoint
CREATE TRIGGER library_tree_model_links_deleted AFTER DELETE ON project_model_library_items
  REFERENCING OLD TABLE AS changed_model_links FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_model_links_changed();
--> statement-breakpoint
CREATE FUNCTION meshport_library_tree_model_links_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT company_id, array_agg(DISTINCT library_item_id) AS items
    FROM (SELECT company_id, library_item_id FROM old_model_links
      UNION SELECT company_id, library_item_id FROM new_model_links) x GROUP BY company_id LOOP
    PERFORM meshport_refresh_library_reach(c.company_id, c.items);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_tree_model_links_updated AFTER UPDATE ON project_model_library_items
  REFERENCING OLD TABLE AS old_model_links NEW TABLE AS new_model_links
  FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_model_links_updated();
--> statement-breakpoint
-- Models moved to or back from the bin: the items they use.
CREATE FUNCTION meshport_library_tree_models_binned() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT pmi.company_id, array_agg(DISTINCT pmi.library_item_id) AS items
    FROM new_models n JOIN old_models o ON o.company_id = n.company_id AND o.id = n.id
    JOIN project_model_library_items pmi ON pmi.company_id = n.company_id AND pmi.project_model_id = n.id
    WHERE (o.deleted_at IS NULL) <> (n.deleted_at IS NULL) GROUP BY pmi.company_id LOOP
    PERFORM meshport_refresh_library_reach(c.company_id, c.items);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_tree_models_binned AFTER UPDATE ON project_models
  REFERENCING OLD TABLE AS old_models NEW TABLE AS new_models
  FOR EACH STATEMENT EXECUTE FUNCTION meshport_library_tree_models_binned();
--> statement-breakpoint
-- Every library and item of one company (or all), set-based: this migration, bulk loads with
-- the triggers off (the generator), and the test that compares the kept counts with a recount.
CREATE FUNCTION meshport_recount_library_tree(company integer DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  DELETE FROM library_tree_items WHERE company IS NULL OR company_id = company;
  WITH RECURSIVE up(company_id, item_id, library_id, climbs, parent_id, depth) AS (
    SELECT lk.company_id, lk.library_item_id, l.id, l.deleted_at IS NULL, l.parent_id, 0
    FROM library_item_libraries lk
    JOIN libraries l ON l.company_id = lk.company_id AND l.id = lk.library_id
    WHERE company IS NULL OR lk.company_id = company
    UNION ALL
    SELECT up.company_id, up.item_id, p.id, p.deleted_at IS NULL, p.parent_id, up.depth + 1
    FROM up JOIN libraries p ON p.company_id = up.company_id AND p.id = up.parent_id
    WHERE up.climbs AND up.depth < 64
  ), connected AS (
    SELECT DISTINCT pmi.company_id, pmi.library_item_id FROM project_model_library_items pmi
    JOIN project_models pm ON pm.company_id = pmi.company_id AND pm.id = pmi.project_model_id AND pm.deleted_at IS NULL
    WHERE company IS NULL OR pmi.company_id = company
  )
  INSERT INTO library_tree_items (company_id, library_id, library_item_id, live, connected)
  SELECT r.company_id, r.library_id, r.item_id, i.deleted_at IS NULL, c.library_item_id IS NOT NULL
  FROM (SELECT DISTINCT company_id, library_id, item_id FROM up) r
  JOIN library_items i ON i.company_id = r.company_id AND i.id = r.item_id
  LEFT JOIN connected c ON c.company_id = r.company_id AND c.library_item_id = r.item_id
  WHERE i.deleted_at IS NULL OR c.library_item_id IS NOT NULL;
  UPDATE libraries l SET indirect_items_count = coalesce(t.live, 0), connected_items_count = coalesce(t.connected, 0)
  FROM libraries x
  LEFT JOIN (SELECT company_id, library_id, count(*) FILTER (WHERE live)::integer AS live,
      count(*) FILTER (WHERE connected)::integer AS connected
    FROM library_tree_items GROUP BY company_id, library_id) t ON t.company_id = x.company_id AND t.library_id = x.id
  WHERE l.company_id = x.company_id AND l.id = x.id AND (company IS NULL OR x.company_id = company)
    AND (l.indirect_items_count, l.connected_items_count) IS DISTINCT FROM (coalesce(t.live, 0), coalesce(t.connected, 0));
$$;
--> statement-breakpoint
SELECT meshport_recount_library_tree();
