import type { Material } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { changedMaterialFields, materialFormValues } from './material-form.logic.ts';

const material: Material = {
  name: 'Oak Smoked',
  description: 'Dark oak',
  preview_image_url: null,
  status: 'inactive',
  status_color: '#868e96',
  parent_name: 'Oak Natural',
  categories: [
    { id: 2, name: 'Oak' },
    { id: 7, name: 'Dark' },
  ],
  deletable: true,
  active_version_creator_name: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('material edit form', () => {
  it('starts from the record', () => {
    expect(materialFormValues(material)).toEqual({
      name: 'Oak Smoked',
      description: 'Dark oak',
      categories: [2, 7],
      parent_name: 'Oak Natural',
      archived: false,
    });
  });

  it('sends nothing when nothing changed (category order and whitespace aside)', () => {
    const before = materialFormValues(material);
    expect(changedMaterialFields(before, { ...before, categories: [7, 2], name: ' Oak Smoked ' })).toEqual({});
  });

  it('sends only what changed, a cleared description and base as null', () => {
    const before = materialFormValues(material);
    expect(
      changedMaterialFields(before, {
        ...before,
        name: 'Oak Smoked II',
        description: '  ',
        parent_name: null,
        categories: [2],
      }),
    ).toEqual({ name: 'Oak Smoked II', description: null, parent_name: null, categories: [2] });
  });

  it('sends archived only when toggled, so an inactive material is not activated by a save', () => {
    const before = materialFormValues(material);
    expect(changedMaterialFields(before, { ...before, description: 'Darker' })).not.toHaveProperty('archived');
    expect(changedMaterialFields(before, { ...before, archived: true })).toEqual({ archived: true });
  });
});
