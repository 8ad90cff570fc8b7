import { describe, expect, it } from 'vitest';
import { can, type PolicyActor } from '#core/access/policy.ts';
import { materialPolicy } from './material.policy.ts';

const actor = (abilities: string[], admin = false): PolicyActor => ({ accountId: 1, admin, abilities });
const free = { connectedModels: 0 };
const used = { connectedModels: 3 };

describe('materialPolicy', () => {
  it('grants view, update and delete by their permissions', () => {
    const reader = actor(['list-materials']);
    expect(can(materialPolicy, reader, 'view', free)).toBe(true);
    expect(can(materialPolicy, reader, 'update', free)).toBe(false);
    expect(can(materialPolicy, reader, 'delete', free)).toBe(false);
    expect(can(materialPolicy, actor(['list-material-categories']), 'view', free)).toBe(false);
    expect(can(materialPolicy, actor(['update-materials']), 'update', used)).toBe(true);
    expect(can(materialPolicy, actor(['delete-materials']), 'delete', free)).toBe(true);
  });

  it('refuses to delete a material connected to a model, even to an admin', () => {
    expect(can(materialPolicy, actor(['delete-materials']), 'delete', used)).toBe(false);
    expect(can(materialPolicy, actor([], true), 'delete', used)).toBe(false);
  });
});
