import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { CONTENT_CHANGED_EVENT, type ContentChanged, contentChannel, type MaterialMapKind } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CoreServices } from '#core/core-services.ts';
import { queryRows } from '#core/db/database.ts';
import { defineJob } from '#core/jobs/job-definition.ts';
import { createLogger } from '#core/operations/log-context.ts';
import type { MaterialMaps } from '#modules/content/materials/material.table.ts';
import { materialAt, shownMaps } from '#modules/content/materials/material-inheritance.ts';
import { type SlotFinishes, writeVariantsGlb } from '#modules/processing/conversion/material-variants.ts';
import { PREVIEW_SIZE } from '#modules/processing/pipeline/preview.step.ts';
import type { ProcessingEngines } from '#modules/processing/pipeline/processing-engines.ts';

/**
 * A design's preview (issue 30): the model's web-ready GLB with the chosen finish laid on each slot
 * (a slot without a choice shows its default; a choice of no material, the model's own), rendered
 * by the pipeline's preview browser.
 */
export const designPreviewJob = defineJob({
  name: 'designs.preview',
  payload: z.object({ companyId: z.number().int().positive(), designId: z.number().int().positive() }),
  retry: { limit: 1, delaySeconds: 5, backoff: true },
  expireInSeconds: 5 * 60,
});

/** The choices as text: a render is stored only while they are still the ones it drew. */
const choicesStamp = (designId: number) =>
  sql`(select coalesce(string_agg(dc.slot_index || ':' || coalesce(dc.material_id::text, 'own'), ',' order by dc.slot_index), '')
    from design_choices dc where dc.design_id = ${designId})`;

type Finish = {
  slot_index: number;
  name: string;
  maps: MaterialMaps;
};

export function designPreviewJobs(services: CoreServices & { processing: ProcessingEngines }): void {
  const log = createLogger(services.config.logLevel).child({ module: 'designs' });
  services.jobs.define(designPreviewJob);
  services.jobs.work(designPreviewJob.name, async (payload) => {
    const { companyId, designId } = designPreviewJob.payload.parse(payload);
    const tenant = <T>(work: Parameters<typeof services.database.tenant<T>>[1]) =>
      services.database.tenant({ companyId }, work);
    const [design] = await tenant((tx) =>
      queryRows<{ glb_key: string | null; model_id: number; preview_key: string | null; stamp: string }>(
        tx,
        sql`select pm.glb_key, pm.id as model_id, d.preview_key, ${choicesStamp(designId)} as stamp
          from designs d join project_models pm on pm.company_id = d.company_id and pm.id = d.project_model_id
          where d.id = ${designId}`,
      ),
    );
    if (!design) return { rendered: false };
    const finishes = await tenant((tx) =>
      queryRows<Finish>(
        tx,
        sql`select x.slot_index, m.name, ${shownMaps(materialAt('m'))} as maps from (
            select dc.slot_index, dc.material_id from design_choices dc where dc.design_id = ${designId}
            union all
            select sm.slot_index, sm.material_id from project_model_slot_materials sm
            where sm.project_model_id = ${design.model_id} and sm.is_default
              and not exists (select 1 from design_choices dc where dc.design_id = ${designId} and dc.slot_index = sm.slot_index)
          ) x join materials m on m.company_id = ${companyId} and m.id = x.material_id
          order by x.slot_index`,
      ),
    );
    /** Stores the outcome only while the choices are the ones drawn: a newer save asks for its own preview. */
    const settle = (status: 'ready' | 'failed', key: string | null) =>
      tenant((tx) =>
        queryRows<{ id: number }>(
          tx,
          sql`update designs d set preview_status = ${status}, preview_key = ${key}
            where d.id = ${designId} and ${choicesStamp(designId)} = ${design.stamp} returning d.id`,
        ),
      );
    let image: Buffer;
    try {
      if (!design.glb_key) throw new Error('the model has no web-ready GLB');
      const glb = await buffer(services.storage.read(design.glb_key));
      const slots: SlotFinishes[] = [];
      for (const finish of finishes) {
        const maps: SlotFinishes['options'][number]['maps'] = {};
        for (const [kind, map] of Object.entries(finish.maps) as [MaterialMapKind, { key: string }][]) {
          maps[kind] = { bytes: await buffer(services.storage.read(map.key)), mimeType: 'image/webp' };
        }
        slots.push({ index: finish.slot_index, default: finish.name, options: [{ name: finish.name, maps }] });
      }
      const configured = slots.length > 0 ? Buffer.from(await writeVariantsGlb(glb, slots)) : glb;
      image = await services.processing.previews().renderModel(configured, { size: PREVIEW_SIZE });
    } catch (error) {
      log.warn(
        { err: error instanceof Error ? error.message : String(error), companyId, designId },
        'design preview failed',
      );
      await settle('failed', design.preview_key);
      return { rendered: false };
    }
    const key = `companies/${companyId}/designs/${designId}/preview-${randomBytes(6).toString('hex')}.webp`;
    await services.storage.put(key, image);
    const [updated] = await settle('ready', key);
    if (!updated) {
      await services.storage.remove(key);
      return { rendered: false };
    }
    if (design.preview_key) await services.storage.remove(design.preview_key).catch(() => {});
    services.realtime.emit(contentChannel(companyId), CONTENT_CHANGED_EVENT, {
      resources: ['designs'],
    } satisfies ContentChanged);
    return { rendered: true };
  });
}
