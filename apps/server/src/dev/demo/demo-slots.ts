import { type MaterialSlotSave, projectModelEndpoints } from '@meshport/contract';
import type { DemoSession } from './demo-client.ts';
import type { DemoRecord } from './demo-progress.ts';

/** One slot as the demo sets it: found by the processed file's material name (the demo palette's). */
interface DemoSlot {
  name: string;
  /** The company materials a salesperson may choose, the first being the default; none: only named. */
  materials?: string[];
}

/**
 * The demo's configurable kitchens (issue 30): per model, its slots by the file's material name. The
 * names are those the demo pieces are drawn with (`demo-layouts.ts`, `demo-palette.ts`); the materials
 * are acme's live ones (`demo-content.data.ts`).
 */
export const DEMO_SLOTS: Record<string, Record<string, DemoSlot>> = {
  'Island with Breakfast Bar': {
    'Carrara Marble': { name: 'Worktop', materials: ['Carrara Marble', 'Nero Marquina', 'Oak Natural'] },
    'Oak Natural': {
      name: 'Fronts and stool seats',
      materials: ['Oak Natural', 'Oak Smoked', 'Walnut Oiled', 'Matte White Lacquer'],
    },
    'Brushed Steel': { name: 'Handles and steel trim' },
    'Matte White Lacquer': { name: 'Carcass' },
    Charcoal: { name: 'Plinth and oven body' },
  },
  'Loft Galley Layout': {
    'Oak Smoked': { name: 'Fronts', materials: ['Oak Smoked', 'Oak Natural', 'Walnut Oiled', 'Matte White Lacquer'] },
    'Oak Natural': { name: 'Worktops', materials: ['Oak Natural', 'Carrara Marble', 'Nero Marquina'] },
    'Matte White Lacquer': { name: 'Carcass' },
  },
};

/**
 * Names the demo kitchens' material slots and chooses their materials, through the API as an editor
 * on hatch would, once the models finished processing. Only slots the processed file has are set (found
 * by its material names); a model whose slots were chosen already (an earlier start) is left as it is.
 */
export async function configureDemoSlots(
  session: DemoSession,
  records: readonly DemoRecord[],
  log: (message: string, details?: Record<string, unknown>) => void,
): Promise<void> {
  for (const [modelName, wanted] of Object.entries(DEMO_SLOTS)) {
    const model = records.find((r) => r.kind === 'model' && r.name === modelName && r.status === 'FINISHED');
    if (model?.id == null) continue;
    const params = { id: model.id };
    const slots = (await session.api.call(projectModelEndpoints.materialSlots, { params })).data;
    if (slots.some((slot) => slot.materials.length > 0)) continue;
    const body: MaterialSlotSave[] = [];
    for (const slot of slots) {
      const demo = wanted[slot.source_name];
      if (!demo) continue;
      const materials = demo.materials ?? [];
      body.push({ index: slot.index, name: demo.name, materials, default_material: materials[0] ?? null });
    }
    const missing = Object.keys(wanted).filter((name) => !slots.some((slot) => slot.source_name === name));
    if (missing.length > 0) log(`Demo: ${modelName} has no slot for ${missing.join(', ')}`);
    if (body.length === 0) continue;
    await session.api.call(projectModelEndpoints.saveMaterialSlots, { params, body: { slots: body } });
  }
}
