import { describe, expect, it } from 'vitest';
import { can, type PolicyActor } from '#core/access/policy.ts';
import { materialCategoryPolicy } from './material-category.policy.ts';

const actor = (abilities: string[], admin = false): PolicyActor => ({ accountId: 1, admin, abilities });
const free = { connectedModels: 0 };
const used = { connectedModels: 1 };

describe('materialCategoryPolicy', () => {
  it('lets holders of list-material-categories or list-materials view categories', () => {
    expect(can(materialCategoryPolicy, actor(['list-material-categories']), 'view', free)).toBe(true);
    expect(can(materialCategoryPolicy, actor(['list-materials']), 'view', free)).toBe(true);
    expect(can(materialCategoryPolicy, actor(['list-libraries']), 'view', free)).toBe(false);
  });

  it('grants update and delete by their permissions; delete only while no model uses a material in it', () => {
    expect(can(materialCategoryPolicy, actor(['list-materials']), 'update', free)).toBe(false);
    expect(can(materialCategoryPolicy, actor(['update-material-categories']), 'update', used)).toBe(true);
    expect(can(materialCategoryPolicy, actor(['delete-material-categories']), 'delete', free)).toBe(true);
    expect(can(materialCategoryPolicy, actor(['delete-material-categories']), 'delete', used)).toBe(false);
    expect(can(materialCategoryPolicy, actor([], true), 'delete', used)).toBe(false);
  });
});
