import { describe, expect, it } from 'vitest';
import { can, type PolicyActor } from '#core/access/policy.ts';
import { projectModelPolicy } from './project-model.policy.ts';

const actor = (abilities: string[], admin = false): PolicyActor => ({ accountId: 1, admin, abilities });
const finished = { status: 'FINISHED' } as const;

describe('projectModelPolicy', () => {
  it('lets holders of list-project-models view, and update-project-models update and delete', () => {
    const reader = actor(['list-project-models']);
    expect(can(projectModelPolicy, reader, 'view', finished)).toBe(true);
    expect(can(projectModelPolicy, reader, 'update', finished)).toBe(false);
    expect(can(projectModelPolicy, reader, 'delete', finished)).toBe(false);
    const processor = actor(['list-project-models', 'update-project-models']);
    expect(can(projectModelPolicy, processor, 'update', finished)).toBe(true);
    expect(can(projectModelPolicy, processor, 'delete', finished)).toBe(true);
    expect(can(projectModelPolicy, actor([], true), 'delete', finished)).toBe(true);
  });

  it('reprocesses finished models only (content.md §4)', () => {
    const processor = actor(['list-project-models', 'update-project-models']);
    expect(can(projectModelPolicy, processor, 'reprocess', finished)).toBe(true);
    for (const status of ['UPLOADING', 'QUEUED', 'PROCESSING', 'FAILED'] as const) {
      expect(can(projectModelPolicy, processor, 'reprocess', { status })).toBe(false);
      expect(can(projectModelPolicy, actor([], true), 'reprocess', { status })).toBe(false);
    }
    expect(can(projectModelPolicy, actor(['list-project-models']), 'reprocess', finished)).toBe(false);
  });
});
