import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { can, type Policy, type PolicyActor } from '#core/access/policy.ts';
import { queryRows } from '#core/db/database.ts';
import type { TestApp } from '#test/test-app.ts';

/** Demo users whose answers the policy tests compare: two holding every content permission, one reading only. */
export const POLICY_USERS = ['admin', 'editor', 'viewer'] as const;
export type PolicyUser = (typeof POLICY_USERS)[number];

/** What the demo users' memberships in acme grant, as the policies see it. */
export async function acmePolicyActors(t: TestApp): Promise<Record<PolicyUser, PolicyActor>> {
  const rows = await queryRows<{ username: string; id: number; is_admin: boolean; abilities: string[] | null }>(
    t.database.system,
    sql`select a.username, a.id, a.is_admin,
        (select array_agg(ra.ability_key) from role_abilities ra
          where ra.company_id = m.company_id and ra.role_id = m.role_id) as abilities
      from accounts a
      join memberships m on m.account_id = a.id
      join companies c on c.id = m.company_id and c.sub_domain = 'acme'
      where a.username in ('admin', 'editor', 'viewer')`,
  );
  const actor = (username: PolicyUser): PolicyActor => {
    const row = rows.find((candidate) => candidate.username === username);
    if (!row) throw new Error(`demo user ${username} is not an acme member`);
    return { accountId: row.id, admin: row.is_admin, abilities: row.abilities ?? [] };
  };
  return { admin: actor('admin'), editor: actor('editor'), viewer: actor('viewer') };
}

type Links = Map<number, Set<number>>;

function link(map: Links, from: number, to: number): void {
  const set = map.get(from) ?? new Set<number>();
  set.add(to);
  map.set(from, set);
}

/**
 * The live project models connected to each library item, material, library and material
 * category of acme, worked out here from the link tables row by row (not by the lists' SQL),
 * for the policies' `connectedModels`. Libraries and categories count their members'
 * models and those of their live sub-records at any depth.
 */
export async function acmeConnectedModels(t: TestApp) {
  const db = t.database.system;
  const [acme] = await queryRows<{ id: number }>(db, sql`select id from companies where sub_domain = 'acme'`);
  const company = acme?.id;
  const pairs = (query: ReturnType<typeof sql>) => queryRows<{ a: number; b: number }>(db, query);
  const liveModels = new Set(
    (
      await queryRows<{ id: number }>(
        db,
        sql`select id from project_models where company_id = ${company} and deleted_at is null`,
      )
    ).map((row) => row.id),
  );
  const modelsOf = async (query: ReturnType<typeof sql>) => {
    const map: Links = new Map();
    for (const { a, b } of await pairs(query)) if (liveModels.has(b)) link(map, a, b);
    return map;
  };
  const itemModels = await modelsOf(
    sql`select library_item_id as a, project_model_id as b from project_model_library_items where company_id = ${company}`,
  );
  const materialModels = await modelsOf(
    sql`select material_id as a, project_model_id as b from project_model_materials where company_id = ${company}`,
  );

  /** For a tree table: each record's models through its members and its live sub-records. */
  const treeModels = async (table: 'libraries' | 'material_categories', members: Links, memberModels: Links) => {
    const records = await queryRows<{ id: number; parent_id: number | null; live: boolean }>(
      db,
      sql`select id, parent_id, deleted_at is null as live from ${sql.raw(table)} where company_id = ${company}`,
    );
    const children: Links = new Map();
    for (const record of records)
      if (record.parent_id !== null && record.live) link(children, record.parent_id, record.id);
    const result = new Map<number, number>();
    for (const record of records) {
      const models = new Set<number>();
      const pending = [record.id];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        pending.push(...(children.get(id) ?? []));
        for (const member of members.get(id) ?? [])
          for (const model of memberModels.get(member) ?? []) models.add(model);
      }
      result.set(record.id, models.size);
    }
    return result;
  };
  const libraryItemsOf: Links = new Map();
  for (const { a, b } of await pairs(
    sql`select library_id as a, library_item_id as b from library_item_libraries where company_id = ${company}`,
  ))
    link(libraryItemsOf, a, b);
  const categoryMaterialsOf: Links = new Map();
  for (const { a, b } of await pairs(
    sql`select material_category_id as a, material_id as b from material_category_materials where company_id = ${company}`,
  ))
    link(categoryMaterialsOf, a, b);
  const materialNames = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from materials where company_id = ${company}`,
  );

  return {
    libraryItems: (id: number) => itemModels.get(id)?.size ?? 0,
    materials: (name: string) => {
      const id = materialNames.find((row) => row.name === name)?.id;
      return id === undefined ? 0 : (materialModels.get(id)?.size ?? 0);
    },
    libraries: await treeModels('libraries', libraryItemsOf, itemModels),
    materialCategories: await treeModels('material_categories', categoryMaterialsOf, materialModels),
  };
}

/**
 * The list's derived field (`deletable`, `is_deletable`) is the policy's `delete` rule: for
 * every row it equals `can(policy, actor, 'delete', state)` for the users holding the delete
 * permission, and the viewer, who does not, may delete none. The demo data has both answers.
 */
export function expectFieldIsDeleteRule<A extends string, R>(
  rows: readonly Record<string, unknown>[],
  field: string,
  policy: Policy<A | 'delete', R>,
  stateOf: (row: Record<string, unknown>) => R,
  actors: Record<PolicyUser, PolicyActor>,
): void {
  expect(new Set(rows.map((row) => row[field]))).toEqual(new Set([true, false]));
  for (const row of rows) {
    const state = stateOf(row);
    const name = String(row.name);
    expect(row[field], `${name}: ${field} for admin`).toBe(can(policy, actors.admin, 'delete', state));
    expect(row[field], `${name}: ${field} for editor`).toBe(can(policy, actors.editor, 'delete', state));
    expect(can(policy, actors.viewer, 'delete', state), `${name}: viewer`).toBe(false);
  }
}
