import { describe, expect, it } from 'vitest';
import { isBulkAnswer, outcomeBanners } from './action-outcome.logic.ts';

const texts = {
  successText: (count: number) => `${count} Libraries successfully deleted`,
  defaultSuccess: (count: number) => `${count} done`,
  defaultFailure: (names: string) => `not done: ${names}`,
};

describe('action outcome banners', () => {
  it('shows the done count with the action text and the server message for failures', () => {
    const answer = {
      action: 'delete' as const,
      success: [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ],
      failed: [{ id: 3, name: 'C', reason: 'connected' }],
      message: 'The following libraries have not been deleted because they are still connected to a model; C',
    };
    expect(isBulkAnswer(answer)).toBe(true);
    expect(outcomeBanners(answer, texts)).toEqual([
      { kind: 'success', text: '2 Libraries successfully deleted' },
      { kind: 'failure', text: answer.message },
    ]);
  });

  it('falls back to the names when the answer has no message, and to the default success text', () => {
    const answer = { action: 'archive' as const, success: [{ id: 1, name: 'A' }], failed: [], message: null };
    expect(outcomeBanners(answer, { ...texts, successText: undefined })).toEqual([{ kind: 'success', text: '1 done' }]);
    const failedOnly = { ...answer, success: [], failed: [{ id: 2, name: 'B', reason: 'x' }] };
    expect(outcomeBanners(failedOnly, texts)).toEqual([{ kind: 'failure', text: 'not done: B' }]);
  });

  it('shows a plain outcome as it is, nothing for no result', () => {
    expect(outcomeBanners({ success: 'Chair deleted' }, texts)).toEqual([{ kind: 'success', text: 'Chair deleted' }]);
    expect(outcomeBanners({ failure: 'Nope' }, texts)).toEqual([{ kind: 'failure', text: 'Nope' }]);
    expect(outcomeBanners(undefined, texts)).toEqual([]);
    expect(isBulkAnswer({ success: 'x' })).toBe(false);
  });

  it("puts an outcome's Undo on its success banner", () => {
    const undo = { label: 'Undo', run: async () => 'Restored successfully' };
    expect(outcomeBanners({ success: 'Item deleted', failure: 'Not all', undo }, texts)).toEqual([
      { kind: 'success', text: 'Item deleted', action: undo },
      { kind: 'failure', text: 'Not all' },
    ]);
  });
});
