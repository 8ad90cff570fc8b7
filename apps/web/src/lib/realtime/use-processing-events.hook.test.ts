import { describe, expect, it } from 'vitest';
import { isOwnEvent, processingChannel } from './use-processing-events.hook.ts';

describe('processing events (content.md §4)', () => {
  it('names the kind channel, or the record channel with an id', () => {
    expect(processingChannel(3, 'project_model')).toBe('private-company.3.ProjectModel');
    expect(processingChannel(3, 'library_item', 12)).toBe('private-company.3.LibraryItem.12');
    expect(processingChannel(null, 'project_model')).toBeNull();
  });

  it('keeps a record subscription to its own record, and a kind to its kind when the payload names it', () => {
    expect(isOwnEvent({ id: 12 }, 'library_item', 12)).toBe(true);
    expect(isOwnEvent({ id: 13 }, 'library_item', 12)).toBe(false);
    expect(isOwnEvent({ id: 13 }, 'library_item')).toBe(true);
    expect(isOwnEvent({ id: 13, kind: 'project_model' }, 'library_item')).toBe(false);
    expect(isOwnEvent(null, 'library_item')).toBe(false);
  });
});
