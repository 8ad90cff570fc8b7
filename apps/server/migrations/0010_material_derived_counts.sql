-- indirect_materials_count of a material category: the materials outside the bin linked to it
-- or to one of its live sub-categories at any depth, each once (what material-category.list.ts
-- computed by walking the subtree on every read). Kept by statement-level triggers: every
-- statement that may change it recounts, exactly, the categories it touched and their ancestors,
-- so the order of cascades and of bulk statements cannot skew it.
ALTER TABLE "material_categories" ADD COLUMN "indirect_materials_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Names are identifiers compared without case: 'Oak' and 'oak' cannot both exist in a company.
CREATE UNIQUE INDEX "materials_company_lower_name_key" ON "materials" USING btree ("company_id",lower("name"));--> statement-breakpoint
-- Recounts the categories named by (companies[i], categories[i]) and all their ancestors.
CREATE FUNCTION meshport_recount_material_categories(companies integer[], categories integer[]) RETURNS void
LANGUAGE sql AS $$
  WITH RECURSIVE up(company_id, id, depth) AS (
    SELECT s.company_id, s.id, 0 FROM unnest(companies, categories) AS s(company_id, id) WHERE s.id IS NOT NULL
    UNION
    SELECT c.company_id, c.parent_id, up.depth + 1 FROM up
    JOIN material_categories c ON c.company_id = up.company_id AND c.id = up.id
    WHERE c.parent_id IS NOT NULL AND up.depth < 64
  ),
  targets AS (SELECT DISTINCT company_id, id FROM up),
  down(company_id, root, id, depth) AS (
    SELECT company_id, id, id, 0 FROM targets
    UNION ALL
    SELECT d.company_id, down.root, d.id, down.depth + 1 FROM down
    JOIN material_categories d ON d.company_id = down.company_id AND d.parent_id = down.id
    WHERE d.deleted_at IS NULL AND down.depth < 64
  ),
  counts AS (
    SELECT down.company_id, down.root, count(DISTINCT lk.material_id)::integer AS n FROM down
    JOIN material_category_materials lk ON lk.company_id = down.company_id AND lk.material_category_id = down.id
    JOIN materials m ON m.company_id = lk.company_id AND m.id = lk.material_id AND m.deleted_at IS NULL
    GROUP BY down.company_id, down.root
  )
  UPDATE material_categories c SET indirect_materials_count = coalesce(counts.n, 0)
  FROM targets LEFT JOIN counts ON counts.company_id = targets.company_id AND counts.root = targets.id
  WHERE c.company_id = targets.company_id AND c.id = targets.id
    AND c.indirect_materials_count IS DISTINCT FROM coalesce(counts.n, 0)
$$;
--> statement-breakpoint
-- A material linked to or unlinked from categories.
CREATE FUNCTION meshport_material_category_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM meshport_recount_material_categories(array_agg(company_id), array_agg(material_category_id))
  FROM (SELECT DISTINCT company_id, material_category_id FROM changed_links) k
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER material_category_links_inserted AFTER INSERT ON material_category_materials
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION meshport_material_category_links_changed();
--> statement-breakpoint
CREATE TRIGGER material_category_links_updated_old AFTER UPDATE ON material_category_materials
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION meshport_material_category_links_changed();
--> statement-breakpoint
CREATE TRIGGER material_category_links_updated_new AFTER UPDATE ON material_category_materials
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION meshport_material_category_links_changed();
--> statement-breakpoint
CREATE TRIGGER material_category_links_deleted AFTER DELETE ON material_category_materials
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION meshport_material_category_links_changed();
--> statement-breakpoint
-- A material moved to the bin or restored: its categories hold one live material fewer or more.
CREATE FUNCTION meshport_material_bin_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM meshport_recount_material_categories(array_agg(company_id), array_agg(material_category_id))
  FROM (
    SELECT DISTINCT lk.company_id, lk.material_category_id
    FROM new_materials n
    JOIN old_materials o ON o.company_id = n.company_id AND o.id = n.id
    JOIN material_category_materials lk ON lk.company_id = n.company_id AND lk.material_id = n.id
    WHERE o.deleted_at IS DISTINCT FROM n.deleted_at
  ) k
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER materials_bin_changed AFTER UPDATE ON materials
  REFERENCING OLD TABLE AS old_materials NEW TABLE AS new_materials
  FOR EACH STATEMENT EXECUTE FUNCTION meshport_material_bin_changed();
--> statement-breakpoint
-- A category re-parented, moved to the bin or restored: its old and new ancestors gain or lose
-- its subtree. Its own count does not depend on its own place, so its parents are recounted.
-- The recount's own UPDATE changes neither column, so it does not recurse beyond one empty pass.
CREATE FUNCTION meshport_material_category_tree_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM meshport_recount_material_categories(array_agg(company_id), array_agg(parent_id))
  FROM (
    SELECT DISTINCT o.company_id, o.parent_id FROM old_categories o
    JOIN new_categories n ON n.company_id = o.company_id AND n.id = o.id
    WHERE (o.parent_id IS DISTINCT FROM n.parent_id OR o.deleted_at IS DISTINCT FROM n.deleted_at)
      AND o.parent_id IS NOT NULL
    UNION
    SELECT DISTINCT n.company_id, n.parent_id FROM new_categories n
    JOIN old_categories o ON o.company_id = n.company_id AND o.id = n.id
    WHERE (o.parent_id IS DISTINCT FROM n.parent_id OR o.deleted_at IS DISTINCT FROM n.deleted_at)
      AND n.parent_id IS NOT NULL
  ) k
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER material_categories_tree_changed AFTER UPDATE ON material_categories
  REFERENCING OLD TABLE AS old_categories NEW TABLE AS new_categories
  FOR EACH STATEMENT EXECUTE FUNCTION meshport_material_category_tree_changed();
--> statement-breakpoint
-- A category purged: its ancestors lose its subtree (its links and sub-categories go by cascade).
CREATE FUNCTION meshport_material_category_purged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM meshport_recount_material_categories(array_agg(company_id), array_agg(parent_id))
  FROM (SELECT DISTINCT company_id, parent_id FROM purged_categories WHERE parent_id IS NOT NULL) k
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER material_categories_purged AFTER DELETE ON material_categories
  REFERENCING OLD TABLE AS purged_categories FOR EACH STATEMENT EXECUTE FUNCTION meshport_material_category_purged();
--> statement-breakpoint
-- Every category of every company at once, set-based (this migration, bulk loads, tests).
CREATE FUNCTION meshport_recount_all_material_categories() RETURNS void LANGUAGE sql AS $$
  SELECT meshport_recount_material_categories(array_agg(company_id), array_agg(id)) FROM material_categories
$$;
--> statement-breakpoint
SELECT meshport_recount_all_material_categories();
