import { describe, expect, it } from 'vitest';
import { assertCan, can, type PolicyActor } from '#core/access/policy.ts';
import { downloadPolicy } from './download.policy.ts';

const member = (abilities: string[]): PolicyActor => ({ accountId: 1, admin: false, abilities });
const admin: PolicyActor = { accountId: 9, admin: true, abilities: [] };
const record = { id: 7 };

describe('download policy (administration.md §6)', () => {
  it('views with list-downloads; edit and delete are admin only', () => {
    expect(can(downloadPolicy, member(['list-downloads']), 'view', record)).toBe(true);
    expect(can(downloadPolicy, member([]), 'view', record)).toBe(false);
    expect(can(downloadPolicy, member(['list-downloads']), 'update', record)).toBe(false);
    expect(can(downloadPolicy, member(['list-downloads']), 'delete', record)).toBe(false);
    for (const action of ['view', 'update', 'delete'] as const)
      expect(can(downloadPolicy, admin, action, record)).toBe(true);
  });

  it('hides the record without list-downloads (404) and refuses edits to members (403)', () => {
    expect(() => assertCan(downloadPolicy, member([]), 'delete', record)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => assertCan(downloadPolicy, member(['list-downloads']), 'update', record)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });
});
