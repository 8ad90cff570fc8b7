import type { MaterialRef, MaterialSlot } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { configurableSlots, defaultChoice, finishesOf } from './material-choice.logic.ts';

const material = (name: string): MaterialRef => ({
  name,
  parent_name: null,
  preview_image_url: `/v2/materials/${name}/preview-image`,
  maps: { base_color: `/maps/${name}/base_color` },
});
const slot = (index: number, materials: MaterialRef[], defaultName: string | null = null): MaterialSlot => ({
  index,
  source_name: `Material ${index}`,
  name: `Slot ${index}`,
  default_material: materials.find((m) => m.name === defaultName) ?? null,
  materials,
});

describe('material choice', () => {
  const slots = [slot(0, [material('Oak'), material('Walnut')], 'Walnut'), slot(1, []), slot(2, [material('Steel')])];

  it('offers only slots with materials', () => {
    expect(configurableSlots(slots).map((s) => s.index)).toEqual([0, 2]);
  });

  it('starts from each slot’s default, the model’s own where there is none', () => {
    expect(defaultChoice(slots)).toEqual({ 0: 'Walnut', 1: null, 2: null });
  });

  it('gives the viewer the chosen material’s maps, and the model’s own for none or a name no longer allowed', () => {
    expect(finishesOf(slots, { 0: 'Oak', 1: null, 2: 'Brass' })).toEqual({
      0: { maps: { base_color: '/maps/Oak/base_color' } },
      1: null,
      2: null,
    });
  });
});
