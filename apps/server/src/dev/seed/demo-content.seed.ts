import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '#core/db/database.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { libraries, libraryLabels } from '#modules/content/libraries/library.table.ts';
import { materialCategories } from '#modules/content/material-categories/material-category.table.ts';
import { projectFavorites, projectLabels, projects, projectUsers } from '#modules/content/projects/project.table.ts';
import { labels } from '#modules/tools/labels/label.table.ts';
import { ACME, GLOBEX, type TenantContent } from './demo-content.data.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A fixed moment `hoursAgo` before the seed runs: distinct times keep every sort observable. */
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

function must<T>(map: Map<string, T>, key: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo content: unknown reference "${key}"`);
  return value;
}

/** Labels, projects, libraries and material categories: what the first start then fills through the API. */
async function seedTenant(tx: Db, companyId: number, accountIds: Map<string, number>, content: TenantContent) {
  const labelIds = new Map<string, number>();
  for (const [i, [name, color]] of content.labels.entries()) {
    const [row] = await tx
      .insert(labels)
      .values({ companyId, name, color, createdAt: ago(400 - i * 10), updatedAt: ago(300 - i * 10) })
      .returning({ id: labels.id });
    labelIds.set(name, row?.id as number);
  }

  const projectIds = new Map<string, number>();
  for (const [i, p] of content.projects.entries()) {
    const created = ago(500 - i * 20);
    const [row] = await tx
      .insert(projects)
      .values({
        companyId,
        name: p.name,
        description: p.description,
        status: p.status ?? 'active',
        parentId: p.parent ? must(projectIds, p.parent) : null,
        createdAt: created,
        updatedAt: ago(100 - i * 7),
        deletedAt: p.deletedDaysAgo ? daysAgo(p.deletedDaysAgo) : null,
      })
      .returning({ id: projects.id });
    const id = row?.id as number;
    projectIds.set(p.name, id);
    for (const label of p.labels ?? []) {
      await tx.insert(projectLabels).values({ companyId, projectId: id, labelId: must(labelIds, label) });
    }
    for (const member of p.members ?? []) {
      await tx.insert(projectUsers).values({ companyId, projectId: id, accountId: must(accountIds, member) });
    }
    for (const fan of p.favoriteOf ?? []) {
      await tx.insert(projectFavorites).values({ companyId, projectId: id, accountId: must(accountIds, fan) });
    }
  }

  const libraryIds = new Map<string, number>();
  for (const [i, l] of content.libraries.entries()) {
    const [row] = await tx
      .insert(libraries)
      .values({
        companyId,
        name: l.name,
        description: `${l.name} for made-to-measure kitchens.`,
        status: l.status ?? 'active',
        parentId: l.parent ? must(libraryIds, l.parent) : null,
        createdAt: ago(600 - i * 13),
        updatedAt: ago(150 - i * 6),
        deletedAt: l.deletedDaysAgo ? daysAgo(l.deletedDaysAgo) : null,
      })
      .returning({ id: libraries.id });
    const id = row?.id as number;
    libraryIds.set(l.name, id);
    for (const label of l.labels ?? []) {
      await tx.insert(libraryLabels).values({ companyId, libraryId: id, labelId: must(labelIds, label) });
    }
  }

  const categoryIds = new Map<string, number>();
  for (const [i, c] of content.categories.entries()) {
    const [row] = await tx
      .insert(materialCategories)
      .values({
        companyId,
        name: c.name,
        parentId: c.parent ? must(categoryIds, c.parent) : null,
        createdAt: ago(700 - i * 15),
        updatedAt: ago(160 - i * 5),
        deletedAt: c.deletedDaysAgo ? daysAgo(c.deletedDaysAgo) : null,
      })
      .returning({ id: materialCategories.id });
    const id = row?.id as number;
    categoryIds.set(c.name, id);
  }
}

/** The demo companies with their content, and the accounts' ids by username. */
export async function demoCompanies(database: Database) {
  const accounts = await queryRows<{ id: number; username: string }>(
    database.system,
    sql`select id, username from accounts`,
  );
  const companies = await queryRows<{ id: number; sub_domain: string }>(
    database.system,
    sql`select id, sub_domain from companies where sub_domain in ('acme', 'globex')`,
  );
  return {
    accountIds: new Map(accounts.map((a) => [a.username, a.id])),
    companies: companies.map((company) => ({ company, content: company.sub_domain === 'acme' ? ACME : GLOBEX })),
  };
}

/** Left in storage by the seed until the first start has made the demo's 3D content (`dev/demo/demo-loader.ts`). */
export const DEMO_PENDING_KEY = 'demo/pending.json';

/**
 * Demo content of Acme Kitchens (a 3-level library tree, trashed records) and a little for Globex: what
 * holds the 3D. The 3D itself is made at the first start, through the API (`dev/demo/`). Skips a company
 * that already has projects.
 */
export async function seedDemoContent(database: Database, storage: FileStorage): Promise<void> {
  const { accountIds, companies } = await demoCompanies(database);
  let seeded = false;
  for (const { company, content } of companies) {
    seeded =
      (await database.tenant({ companyId: company.id }, async (tx) => {
        const existing = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from projects`);
        if ((existing[0]?.n ?? 0) > 0) return false;
        await seedTenant(tx, company.id, accountIds, content);
        return true;
      })) || seeded;
  }
  if (seeded) await storage.put(DEMO_PENDING_KEY, JSON.stringify({ seededAt: new Date().toISOString() }));
}
