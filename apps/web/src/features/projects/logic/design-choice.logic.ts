import type { DesignChoiceRow, DesignChoiceSave, MaterialSlot } from '@meshport/contract';
import { defaultChoice, type MaterialChoice } from './material-choice.logic.ts';

/** What a design shows: its choice per slot over the slots' defaults (a slot it does not choose shows its default). */
export function designChoice(slots: readonly MaterialSlot[], choices: readonly DesignChoiceRow[]): MaterialChoice {
  return { ...defaultChoice(slots), ...Object.fromEntries(choices.map((c) => [c.slot_index, c.material])) };
}

/**
 * The choices a save sends: the material shown in each slot that allows it. A slot showing the
 * model's own material, or a material it no longer allows, is left out (it shows its default).
 */
export function choicesToSave(slots: readonly MaterialSlot[], choice: MaterialChoice): DesignChoiceSave[] {
  return slots.flatMap((slot) => {
    const name = choice[slot.index] ?? null;
    if (name === null || !slot.materials.some((material) => material.name === name)) return [];
    return [{ slot_index: slot.index, material: name }];
  });
}

/** Whether the view shows something else than the saved design (its "Save changes" is then worth pressing). */
export function choiceDiffers(a: MaterialChoice, b: MaterialChoice): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].some((key) => (a[Number(key)] ?? null) !== (b[Number(key)] ?? null));
}
