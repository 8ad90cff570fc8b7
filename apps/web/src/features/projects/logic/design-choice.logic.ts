import type { DesignChoiceRow, DesignChoiceSave, MaterialSlot } from '@meshport/contract';
import { defaultChoice, type MaterialChoice } from './material-choice.logic.ts';

/** What a design shows: its choice per slot over the slots' defaults (a slot it does not choose shows its default). */
export function designChoice(slots: readonly MaterialSlot[], choices: readonly DesignChoiceRow[]): MaterialChoice {
  return { ...defaultChoice(slots), ...Object.fromEntries(choices.map((c) => [c.slot_index, c.material])) };
}

/**
 * The choices a save sends, one per slot offering materials: the material shown there, or null for
 * the model's own (so that a slot with a default reopens as saved). A name the slot no longer
 * allows shows the model's own, and is saved so.
 */
export function choicesToSave(slots: readonly MaterialSlot[], choice: MaterialChoice): DesignChoiceSave[] {
  return slots.flatMap((slot) => {
    if (slot.materials.length === 0) return [];
    const name = choice[slot.index] ?? null;
    const allowed = name !== null && slot.materials.some((material) => material.name === name);
    return [{ slot_index: slot.index, material: allowed ? name : null }];
  });
}

/** Whether the view shows something else than the saved design (its "Save changes" is then worth pressing). */
export function choiceDiffers(a: MaterialChoice, b: MaterialChoice): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].some((key) => (a[Number(key)] ?? null) !== (b[Number(key)] ?? null));
}
