import { describe, expect, it } from 'vitest';
import { defaultItemStatusFilter, libraryAbilities } from './platform-rules.logic.ts';

const editor = {
  admin: false,
  abilities: ['list-libraries', 'update-libraries', 'delete-libraries', 'update-library-items', 'delete-library-items'],
};

describe('library platform rules', () => {
  it('starts items at FINISHED off hatch (content.md §5)', () => {
    expect(defaultItemStatusFilter('hatch')).toBe('');
    expect(defaultItemStatusFilter('customerportal')).toBe('FINISHED');
  });

  it('gives every action on hatch by permission and none on customerportal', () => {
    expect(libraryAbilities(editor, 'hatch')).toEqual({
      editLibraries: true,
      archiveLibraries: true,
      deleteLibraries: true,
      editItems: true,
      deleteItems: true,
    });
    expect(Object.values(libraryAbilities(editor, 'customerportal')).some(Boolean)).toBe(false);
    expect(Object.values(libraryAbilities({ admin: true, abilities: [] }, 'customerportal')).some(Boolean)).toBe(false);
    const viewer = libraryAbilities({ admin: false, abilities: ['list-libraries', 'update-libraries'] }, 'hatch');
    expect(viewer).toMatchObject({ editLibraries: true, deleteLibraries: false, editItems: false });
  });
});
