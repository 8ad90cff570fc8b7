import { describe, expect, it } from 'vitest';
import { can, type PolicyActor } from '#core/access/policy.ts';
import { libraryItemPolicy } from './library-item.policy.ts';

const actor = (abilities: string[], admin = false): PolicyActor => ({ accountId: 1, admin, abilities });
const free = { connectedModels: 0 };
const used = { connectedModels: 1 };

describe('libraryItemPolicy', () => {
  it('lets holders of list-library-items or list-libraries view items', () => {
    expect(can(libraryItemPolicy, actor(['list-library-items']), 'view', free)).toBe(true);
    expect(can(libraryItemPolicy, actor(['list-libraries']), 'view', free)).toBe(true);
    expect(can(libraryItemPolicy, actor(['list-materials']), 'view', free)).toBe(false);
  });

  it('grants update and delete by their permissions; delete only while no model uses the item', () => {
    const reader = actor(['list-library-items']);
    expect(can(libraryItemPolicy, reader, 'update', free)).toBe(false);
    expect(can(libraryItemPolicy, reader, 'delete', free)).toBe(false);
    expect(can(libraryItemPolicy, actor(['update-library-items']), 'update', used)).toBe(true);
    expect(can(libraryItemPolicy, actor(['delete-library-items']), 'delete', free)).toBe(true);
    expect(can(libraryItemPolicy, actor(['delete-library-items']), 'delete', used)).toBe(false);
    expect(can(libraryItemPolicy, actor([], true), 'delete', used)).toBe(false);
  });
});
