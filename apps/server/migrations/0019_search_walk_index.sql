-- Library items newest-changed first, with their names in the index (docs/decisions/0028).
-- The global search reads each category's 25 newest matches of `name ilike '%term%'` by walking
-- (company_id, updated_at, id) and testing each row's name: a heap fetch per row. For a term
-- whose matches are old (the generated "sink" items), that walked 30,000 rows, 98 ms, and the
-- global search was 40 % of the database's time in the mixed-load bench. With the name in the
-- index the walk reads no table rows: 1.4 ms. Drizzle's index builder has no INCLUDE, so this
-- index lives here only (library-item.table.ts says so).
CREATE INDEX "library_items_updated_name_idx" ON "library_items" USING btree ("company_id","updated_at","id") INCLUDE ("name") WHERE deleted_at is null;
