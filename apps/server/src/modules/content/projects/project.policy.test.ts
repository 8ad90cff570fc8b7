import { describe, expect, it } from 'vitest';
import { assertCan, can, type PolicyActor } from '#core/access/policy.ts';
import { projectPolicy } from './project.policy.ts';

const actor = (abilities: string[], admin = false): PolicyActor => ({ accountId: 1, admin, abilities });

describe('projectPolicy', () => {
  it('grants each action to holders of its permission, and every action to admins', () => {
    const viewer = actor(['view-projects']);
    expect(can(projectPolicy, viewer, 'view', {})).toBe(true);
    expect(can(projectPolicy, viewer, 'update', {})).toBe(false);
    expect(can(projectPolicy, viewer, 'delete', {})).toBe(false);
    expect(can(projectPolicy, actor(['view-projects', 'update-projects']), 'update', {})).toBe(true);
    expect(can(projectPolicy, actor(['view-projects', 'delete-projects']), 'delete', {})).toBe(true);
    for (const action of ['view', 'update', 'delete'] as const) {
      expect(can(projectPolicy, actor([], true), action, {})).toBe(true);
    }
  });

  it('answers 404 to those who may not view, 403 to viewers who may not delete', () => {
    expect(() => assertCan(projectPolicy, actor(['delete-projects']), 'delete', {})).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => assertCan(projectPolicy, actor(['view-projects']), 'delete', {})).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });
});
