import { describe, expect, it } from 'vitest';
import { archiveChoices, bulkOutcome } from './bulk-outcome.logic.ts';

describe('bulkOutcome', () => {
  it('counts what was done and names what was not', () => {
    const outcome = bulkOutcome('libraries', {
      action: 'delete',
      success: [
        { id: 1, name: 'Ovens' },
        { id: 2, name: 'Cooktops' },
      ],
      failed: [
        { id: 3, name: 'Cabinets', reason: 'connected' },
        { id: 4, name: 'Worktops', reason: 'connected' },
      ],
      message: null,
    });
    expect(outcome.success).toEqual({ key: 'bulk.libraries.success.delete', values: { count: 2 } });
    expect(outcome.failure).toEqual({ key: 'bulk.libraries.failed.delete', values: { names: 'Cabinets, Worktops' } });
  });

  it('has no failure when everything was done, and no success when nothing was', () => {
    expect(
      bulkOutcome('items', { action: 'move', success: [{ id: 1, name: 'A' }], failed: [], message: null }),
    ).toEqual({
      success: { key: 'bulk.items.success.move', values: { count: 1 } },
    });
    expect(
      bulkOutcome('items', {
        action: 'delete',
        success: [],
        failed: [{ id: 1, name: 'A', reason: 'x' }],
        message: 'm',
      }),
    ).toEqual({ failure: { key: 'bulk.items.failed.delete', values: { names: 'A' } } });
  });
});

describe('archiveChoices', () => {
  it('offers Archive for records not archived and Activate for archived ones', () => {
    expect(archiveChoices(['active', 'inactive'])).toEqual({ archive: true, activate: false });
    expect(archiveChoices(['ARCHIVED'])).toEqual({ archive: false, activate: true });
    expect(archiveChoices(['archived', 'FINISHED'])).toEqual({ archive: true, activate: true });
    expect(archiveChoices([])).toEqual({ archive: false, activate: false });
  });
});
