import { describe, expect, it } from 'vitest';
import { can, type PolicyActor } from '#core/access/policy.ts';
import { libraryPolicy } from './library.policy.ts';

const actor = (abilities: string[], admin = false): PolicyActor => ({ accountId: 1, admin, abilities });
const free = { connectedModels: 0 };
const used = { connectedModels: 2 };

describe('libraryPolicy', () => {
  it('grants view, update and delete by their permissions', () => {
    const reader = actor(['list-libraries']);
    expect(can(libraryPolicy, reader, 'view', free)).toBe(true);
    expect(can(libraryPolicy, reader, 'update', free)).toBe(false);
    expect(can(libraryPolicy, reader, 'delete', free)).toBe(false);
    expect(can(libraryPolicy, actor(['update-libraries']), 'update', used)).toBe(true);
    expect(can(libraryPolicy, actor(['delete-libraries']), 'delete', free)).toBe(true);
  });

  it('refuses to delete a library connected to a model, even to an admin (content.md §4)', () => {
    expect(can(libraryPolicy, actor(['delete-libraries']), 'delete', used)).toBe(false);
    expect(can(libraryPolicy, actor([], true), 'delete', used)).toBe(false);
    expect(can(libraryPolicy, actor([], true), 'delete', free)).toBe(true);
  });
});
