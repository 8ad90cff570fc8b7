import type { MaterialRef, MaterialSlot } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { choiceDiffers, choicesToSave, designChoice } from './design-choice.logic.ts';

const material = (name: string): MaterialRef => ({ name, parent_name: null, preview_image_url: null, maps: {} });
const slot = (index: number, materials: MaterialRef[], defaultName: string | null = null): MaterialSlot => ({
  index,
  source_name: `Material ${index}`,
  name: `Slot ${index}`,
  default_material: materials.find((m) => m.name === defaultName) ?? null,
  materials,
});

describe('design choice', () => {
  const slots = [slot(0, [material('Oak'), material('Walnut')], 'Walnut'), slot(1, []), slot(2, [material('Steel')])];

  it('shows the design’s choices over the slots’ defaults', () => {
    expect(designChoice(slots, [{ slot_index: 2, slot_name: 'Slot 2', material: 'Steel' }])).toEqual({
      0: 'Walnut',
      1: null,
      2: 'Steel',
    });
    expect(designChoice(slots, [{ slot_index: 0, slot_name: 'Slot 0', material: 'Oak' }])[0]).toBe('Oak');
  });

  it('saves each slot that offers materials: the one shown, null for the own material or a name no longer allowed', () => {
    expect(choicesToSave(slots, { 0: 'Oak', 1: 'Oak', 2: null })).toEqual([
      { slot_index: 0, material: 'Oak' },
      { slot_index: 2, material: null },
    ]);
    expect(choicesToSave(slots, { 0: 'Gone', 2: 'Steel' })).toEqual([
      { slot_index: 0, material: null },
      { slot_index: 2, material: 'Steel' },
    ]);
  });

  it('reopens a slot saved with the own material as the own material, not its default', () => {
    expect(designChoice(slots, [{ slot_index: 0, slot_name: 'Slot 0', material: null }])[0]).toBeNull();
  });

  it('tells a changed view from the saved one, a missing slot counting as the own material', () => {
    expect(choiceDiffers({ 0: 'Oak', 1: null }, { 0: 'Oak' })).toBe(false);
    expect(choiceDiffers({ 0: 'Oak' }, { 0: 'Walnut' })).toBe(true);
    expect(choiceDiffers({ 2: 'Steel' }, {})).toBe(true);
  });
});
