import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Policy } from '#core/access/policy.ts';
import { queryRows } from '#core/db/database.ts';
import { describeEachDatabase, freshDatabase } from '#test/test-app.ts';

const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');

function policyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return policyFiles(file);
    return entry.name.endsWith('.policy.ts') ? [file] : [];
  });
}

function isPolicy(value: unknown): value is Policy<string, Record<string, unknown>> {
  return typeof value === 'object' && value !== null && 'permissions' in value && 'rowAllows' in value;
}

/** Every policy the modules declare, found by file name so that a new one is held without being listed here. */
async function allPolicies() {
  const found: { file: string; policy: Policy<string, Record<string, unknown>> }[] = [];
  for (const file of policyFiles(MODULES)) {
    const module: Record<string, unknown> = await import(file);
    for (const value of Object.values(module)) {
      if (isPolicy(value)) found.push({ file: path.relative(MODULES, file), policy: value });
    }
  }
  return found;
}

it('finds every module policy, and each record rule has its table', async () => {
  const policies = await allPolicies();
  expect(policies.length).toBe(policyFiles(MODULES).length);
  for (const { file, policy } of policies) {
    if (Object.keys(policy.recordRules ?? {}).length > 0) expect(policy.records, file).toBeDefined();
  }
});

/**
 * Each record rule is written twice, once over a record's state (services) and once per row in
 * SQL (lists, `deletable`): over every record of the demo data, in the bin or not, the two answer
 * alike, and the demo data has records each rule allows and records it refuses.
 */
describeEachDatabase('record rules and their SQL twins', (kind) => {
  it('agree on every demo record', async () => {
    const policies = await allPolicies();
    const { database, drop } = await freshDatabase(kind, 'demo');
    try {
      let rulesChecked = 0;
      for (const { file, policy } of policies) {
        const { records } = policy;
        if (!records) continue;
        for (const action of Object.keys(policy.recordRules ?? {})) {
          const rows = await queryRows<Record<string, unknown> & { id: number; twin: boolean }>(
            database.system,
            sql`select id, ${policy.stateColumns()}, ${policy.rowAllows(action)} as twin from ${records.table}`,
          );
          const where = `${file}: ${action} on ${getTableName(records.table)}`;
          for (const row of rows) {
            const { id, twin, ...state } = row;
            expect(policy.allows(action, state), `${where}, row ${id} (${JSON.stringify(state)})`).toBe(twin);
          }
          expect(new Set(rows.map((row) => row.twin)), `${where}: the demo data has both answers`).toEqual(
            new Set([true, false]),
          );
          rulesChecked++;
        }
      }
      expect(rulesChecked).toBeGreaterThanOrEqual(4);
    } finally {
      await drop();
    }
  });
});
