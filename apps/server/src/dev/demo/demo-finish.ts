import {
  API_PREFIX,
  endpointPath,
  libraryEndpoints,
  libraryItemEndpoints,
  materialCategoryEndpoints,
  materialEndpoints,
  projectEndpoints,
  projectModelEndpoints,
} from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#core/db/database.ts';
import type { TenantContent } from '#dev/seed/demo-content.data.ts';
import type { DemoSession } from './demo-client.ts';

/**
 * The demo's links between models and the items and materials they use. No endpoint makes these links
 * (they come with a model from the tools that made it), so they are written here, by name.
 */
export async function linkDemoContent(database: Database, companyId: number, content: TenantContent): Promise<void> {
  const pairs = [
    ...content.items.flatMap((item) =>
      (item.usedBy ?? []).map((model) => ({
        table: 'project_model_library_items',
        column: 'library_item_id',
        from: 'library_items',
        name: item.name,
        model,
      })),
    ),
    ...content.materials.flatMap((material) =>
      (material.usedBy ?? []).map((model) => ({
        table: 'project_model_materials',
        column: 'material_id',
        from: 'materials',
        name: material.name,
        model,
      })),
    ),
  ];
  for (const pair of pairs) {
    await database.tenant({ companyId }, (tx) =>
      tx.execute(sql`insert into ${sql.identifier(pair.table)} (company_id, project_model_id, ${sql.identifier(pair.column)})
        select ${companyId}, m.id, r.id from project_models m, ${sql.identifier(pair.from)} r
        where m.company_id = ${companyId} and m.name = ${pair.model} and m.deleted_at is null
          and r.company_id = ${companyId} and r.name = ${pair.name} and r.deleted_at is null
        on conflict do nothing`),
    );
  }
}

/** A record without a preview image, and the preview of its content to show instead. */
type Cover = {
  id: number;
  /** The model's or item's id, or the material's name; null when it holds nothing with a preview. */
  source: string | null;
};

/**
 * Projects, libraries and material categories show their content: each without a preview image gets the
 * rendered preview of a model, an item or a material inside it (its own or a descendant's), set as any
 * user would set it, through the record's form.
 */
export async function showContentPreviews(database: Database, session: DemoSession, companyId: number): Promise<void> {
  const covers = async (query: ReturnType<typeof sql>) => queryRows<Cover>(database.system, query);
  const projects = await covers(sql`
    select p.id, (select m.id::text from project_models m
                  where m.company_id = p.company_id and m.project_id = p.id and m.deleted_at is null
                    and m.status = 'FINISHED' and m.preview_image_path is not null
                  order by m.id limit 1) as source
    from projects p where p.company_id = ${companyId} and p.preview_image_path is null`);
  const libraries = await covers(sql`
    with recursive tree (root, id) as (
      select id, id from libraries where company_id = ${companyId}
      union all
      select tree.root, child.id from tree join libraries child on child.parent_id = tree.id and child.company_id = ${companyId}
    )
    select l.id, (select i.id::text from tree
                  join library_item_libraries li on li.library_id = tree.id and li.company_id = ${companyId}
                  join library_items i on i.id = li.library_item_id and i.company_id = ${companyId}
                  where tree.root = l.id and i.deleted_at is null and i.status in ('FINISHED', 'ARCHIVED')
                    and i.preview_image_path is not null
                  order by i.id limit 1) as source
    from libraries l where l.company_id = ${companyId} and l.preview_image_path is null`);
  const categories = await covers(sql`
    with recursive tree (root, id) as (
      select id, id from material_categories where company_id = ${companyId}
      union all
      select tree.root, child.id from tree join material_categories child on child.parent_id = tree.id and child.company_id = ${companyId}
    )
    select c.id, (select m.name from tree
                  join material_category_materials cm on cm.material_category_id = tree.id and cm.company_id = ${companyId}
                  join materials m on m.id = cm.material_id and m.company_id = ${companyId}
                  where tree.root = c.id and m.deleted_at is null and m.preview_image_path is not null
                  order by m.id limit 1) as source
    from material_categories c where c.company_id = ${companyId} and c.preview_image_path is null`);
  const url = (path: string, params: Record<string, string | number>) => `${API_PREFIX}${endpointPath(path, params)}`;
  const apply = async (rows: Cover[], target: string, source: (value: string) => string) => {
    for (const row of rows) {
      if (!row.source) continue;
      const image = await session.download(source(row.source));
      if (!image) continue;
      const type = image.type.split(';')[0] ?? 'image/png';
      const extension = type.split('/')[1] ?? 'png';
      const file = { name: `preview.${extension}`, type, bytes: image.bytes };
      await session.patchFile(url(target, { id: row.id }), 'preview_image', file);
    }
  };
  await apply(projects, projectEndpoints.update.path, (id) => url(projectModelEndpoints.previewImage.path, { id }));
  await apply(libraries, libraryEndpoints.update.path, (id) => url(libraryItemEndpoints.previewImage.path, { id }));
  await apply(categories, materialCategoryEndpoints.update.path, (name) =>
    url(materialEndpoints.previewImage.path, { name }),
  );
}
