import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { RequestTenant } from '#core/http/request-context.ts';
import { checkAccess } from './access.ts';
import { can, definePolicy, type PolicyActor } from './policy.ts';

const things = pgTable('things', { id: integer('id').primaryKey(), uses: integer('uses').notNull() });

const thingPolicy = definePolicy<'view' | 'update' | 'delete', { uses: number }>({
  resource: 'things',
  permissions: { view: 'view-projects', update: 'update-projects', delete: 'delete-projects' },
  hatchOnly: ['update', 'delete'],
  hidden: { actions: ['delete'], without: 'view' },
  records: { table: things, state: { uses: sql<number>`things.uses` } },
  recordRules: { delete: { allows: (thing) => thing.uses === 0, sql: sql<boolean>`(things.uses = 0)` } },
});

const member = (abilities: string[]): PolicyActor => ({ accountId: 1, admin: false, abilities });
const tenant = { company: { id: 1, name: 'Acme' }, platform: 'hatch' } as unknown as RequestTenant;
const asMember = (abilities: string[]) =>
  ({
    admin: false,
    membership: { abilities, licences: ['hatch'] },
  }) as Parameters<typeof checkAccess>[0];

describe('definePolicy', () => {
  it('gives each action its route access: permission, hatch only, hidden without the view permission', () => {
    expect(thingPolicy.access('view')).toEqual({ permission: 'view-projects' });
    expect(thingPolicy.access('update')).toEqual({ permission: 'update-projects', hatchOnly: true });
    expect(thingPolicy.access('delete')).toEqual({
      permission: 'delete-projects',
      hatchOnly: true,
      hiddenWithout: 'view-projects',
    });
    expect(thingPolicy.accessAny('update', 'delete')).toEqual({
      permission: 'update-projects|delete-projects',
      hatchOnly: true,
    });
    expect(thingPolicy.accessAny('view', 'update')).toEqual({ permission: 'view-projects|update-projects' });
  });

  it('answers 403 without the permission, 404 with it but without the view permission', () => {
    const deleteAccess = thingPolicy.access('delete');
    expect(() => checkAccess(asMember(['view-projects']), tenant, deleteAccess)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(() => checkAccess(asMember(['delete-projects']), tenant, deleteAccess)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => checkAccess(asMember(['delete-projects', 'view-projects']), tenant, deleteAccess)).not.toThrow();
  });

  it('joins the permission and the record rule in can(); admins hold every permission, not every state', () => {
    const admin: PolicyActor = { accountId: 2, admin: true, abilities: [] };
    expect(can(thingPolicy, member(['delete-projects']), 'delete', { uses: 0 })).toBe(true);
    expect(can(thingPolicy, member(['delete-projects']), 'delete', { uses: 2 })).toBe(false);
    expect(can(thingPolicy, member(['update-projects']), 'delete', { uses: 0 })).toBe(false);
    expect(can(thingPolicy, admin, 'delete', { uses: 2 })).toBe(false);
    expect(can(thingPolicy, admin, 'update', { uses: 2 })).toBe(true);
    expect(thingPolicy.allows('update', { uses: 9 })).toBe(true);
  });
});
