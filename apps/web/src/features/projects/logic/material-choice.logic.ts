import type { MaterialSlot } from '@meshport/contract';

/** The finish chosen per slot index: a material's name, or null for the model's own material. */
export type MaterialChoice = Readonly<Record<number, string | null>>;

/** Slots that offer a choice: at least one material. */
export function configurableSlots(slots: readonly MaterialSlot[]): MaterialSlot[] {
  return slots.filter((slot) => slot.materials.length > 0);
}

/** Each slot's default: what the model shows before anyone chooses. */
export function defaultChoice(slots: readonly MaterialSlot[]): MaterialChoice {
  return Object.fromEntries(slots.map((slot) => [slot.index, slot.default_material?.name ?? null]));
}

/** The maps per slot for the viewer (`FinishChoice`); a name no longer allowed shows the model's own. */
export function finishesOf(slots: readonly MaterialSlot[], choice: MaterialChoice) {
  return Object.fromEntries(
    slots.map((slot) => {
      const name = choice[slot.index] ?? null;
      const material = name === null ? undefined : slot.materials.find((candidate) => candidate.name === name);
      return [slot.index, material ? { maps: material.maps } : null];
    }),
  );
}
