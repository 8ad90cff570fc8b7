import type { Column, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { ref } from '#modules/content/shared/content-fields.ts';
import { type MaterialMaps, materials } from './material.table.ts';

/** The columns of the material a query is at: the table's own (lists) or those of an alias (`m`). */
export interface MaterialAt {
  companyId: SQL;
  parentName: SQL;
  maps: SQL;
}

export function materialAt(alias?: string): MaterialAt {
  const column = (c: Column) => (alias ? sql`${sql.identifier(alias)}.${sql.identifier(c.name)}` : ref(c));
  return {
    companyId: column(materials.companyId),
    parentName: column(materials.parentName),
    maps: column(materials.maps),
  };
}

/** A variant's base's maps; null for a base material (names are unique within a company). */
export function baseMaps(material: MaterialAt): SQL<MaterialMaps | null> {
  return sql`(select b.maps from ${materials} b
    where b.company_id = ${material.companyId} and b.name = ${material.parentName})`;
}

/**
 * The maps a material shows: its own over its base's. A variant inherits every map of its base it
 * has not replaced; the list, the preview and the check for a changed preview all read this.
 */
export function shownMaps(material: MaterialAt): SQL<MaterialMaps> {
  return sql`(coalesce(${baseMaps(material)}, '{}'::jsonb) || ${material.maps})`;
}
