import { describe, expect, it } from 'vitest';
import { libraryBody } from './library-body.logic.ts';
import { emptyLibraryForm, librarySave } from './library-form.logic.ts';

describe('librarySave', () => {
  it('sends the trimmed fields, the parent id and the label ids', () => {
    const values = {
      ...emptyLibraryForm({ id: 7, name: 'Cabinets' }),
      name: '  Drawers ',
      description: '   ',
      labels: [{ id: 2, name: 'Modern' }],
    };
    expect(librarySave(values, true)).toEqual({
      name: 'Drawers',
      description: null,
      status: 'active',
      parent_id: 7,
      labels: [2],
    });
    expect(librarySave({ ...values, parent: null }, false)).not.toHaveProperty('labels');
    expect(librarySave({ ...values, parent: null }, false).parent_id).toBeNull();
  });

  it('replaces the image with a new file, removes it on request, and otherwise leaves it', () => {
    const file = new File(['x'], 'p.png', { type: 'image/png' });
    const base = emptyLibraryForm(null);
    expect(librarySave({ ...base, name: 'A', previewImage: file }, false).preview_image).toBe(file);
    expect(librarySave({ ...base, name: 'A', removePreviewImage: true }, false).preview_image).toBeNull();
    expect(librarySave({ ...base, name: 'A' }, false)).not.toHaveProperty('preview_image');
  });
});

describe('libraryBody', () => {
  it('is JSON without a file, and form data with lists as key[] when a file goes along', () => {
    const json = { name: 'A', labels: [1, 2] };
    expect(libraryBody(json)).toBe(json);
    const file = new File(['x'], 'p.png', { type: 'image/png' });
    const form = libraryBody({ name: 'A', labels: [1, 2], parent_id: null, preview_image: file });
    expect(form).toBeInstanceOf(FormData);
    const data = form as FormData;
    expect(data.getAll('labels[]')).toEqual(['1', '2']);
    expect(data.get('parent_id')).toBe('');
    expect(data.get('preview_image')).toBeInstanceOf(File);
  });
});
