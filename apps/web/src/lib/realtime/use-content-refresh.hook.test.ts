import { describe, expect, it } from 'vitest';
import { changedResources } from './use-content-refresh.hook.ts';

describe('content changed events', () => {
  it('answers the known resources of an event', () => {
    expect(changedResources({ resources: ['libraries', 'items'] })).toEqual(['libraries', 'items']);
    expect(changedResources({ resources: ['projects', 'users', 7] })).toEqual(['projects']);
    expect(changedResources(null)).toEqual([]);
    expect(changedResources({ resources: 'projects' })).toEqual([]);
  });
});
