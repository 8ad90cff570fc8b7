import { describe, expect, it } from 'vitest';
import { toFormData } from './to-form-data.logic.ts';

describe('toFormData', () => {
  it('encodes lists, records, flags, null and files the spec way', () => {
    const image = new File([new Uint8Array([1, 2, 3])], 'preview.png', { type: 'image/png' });
    const data = toFormData({
      name: 'Chair',
      description: null,
      labels: [1, 2],
      libraries: [{ id: 5 }, { id: 7 }],
      archived: true,
      remove_from_current_libraries: false,
      parent_id: undefined,
      preview_image: image,
    });
    expect([...data.entries()].filter(([, value]) => typeof value === 'string')).toEqual([
      ['name', 'Chair'],
      ['description', ''],
      ['labels[]', '1'],
      ['labels[]', '2'],
      ['libraries[0][id]', '5'],
      ['libraries[1][id]', '7'],
      ['archived', '1'],
      ['remove_from_current_libraries', '0'],
    ]);
    const file = data.get('preview_image');
    expect(file).toBeInstanceOf(File);
    expect((file as File).name).toBe('preview.png');
    expect(data.has('parent_id')).toBe(false);
  });

  it('adds _method=PATCH for an update sent as a POST, and sends empty lists as nothing', () => {
    const data = toFormData({ name: 'x', users: [] }, { method: 'PATCH' });
    expect([...data.entries()]).toEqual([
      ['name', 'x'],
      ['_method', 'PATCH'],
    ]);
  });
});
