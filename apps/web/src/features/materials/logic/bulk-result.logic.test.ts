import { describe, expect, it } from 'vitest';
import { bulkBanners, bulkOutcome } from './bulk-result.logic.ts';

const t = (key: string, values?: Record<string, string | number>) => `${key} ${JSON.stringify(values ?? {})}`;

describe('bulk banners (content.md §8)', () => {
  it('counts what was done and names what was refused', () => {
    const answer = {
      action: 'delete' as const,
      success: [
        { id: 'A', name: 'A' },
        { id: 'B', name: 'B' },
      ],
      failed: [
        { id: 'C', name: 'Oak Natural', reason: 'connected' },
        { id: 'D', name: 'Carrara Marble', reason: 'connected' },
      ],
    };
    expect(bulkBanners('materials', answer)).toEqual({
      success: { key: 'bulk.materials.success.delete', values: { n: 2 } },
      failure: { key: 'bulk.materials.failed.delete', values: { names: 'Oak Natural, Carrara Marble' } },
    });
  });

  it('shows no banner for an empty half, and the generic failure for other actions', () => {
    const moved = bulkBanners('materials', { action: 'move', success: [{ id: 'A', name: 'A' }], failed: [] });
    expect(moved).toEqual({ success: { key: 'bulk.materials.success.move', values: { n: 1 } }, failure: null });
    const archived = bulkBanners('categories', {
      action: 'archive',
      success: [],
      failed: [{ id: 3, name: 'Wood', reason: 'x' }],
    });
    expect(archived.success).toBeNull();
    expect(archived.failure?.key).toBe('bulk.categories.failed.other');
  });

  it('translates both banners', () => {
    const outcome = bulkOutcome(t, 'categories', {
      action: 'delete',
      success: [{ id: 1, name: 'Stone' }],
      failed: [{ id: 2, name: 'Wood', reason: 'connected' }],
    });
    expect(outcome).toEqual({
      success: 'bulk.categories.success.delete {"n":1}',
      failure: 'bulk.categories.failed.delete {"names":"Wood"}',
    });
  });
});
