import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { CONTENT_CHANGED_EVENT, type ContentChanged, contentChannel, type MaterialMapKind } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CoreServices } from '#core/core-services.ts';
import { queryRows } from '#core/db/database.ts';
import { defineJob } from '#core/jobs/job-definition.ts';
import type { ProcessingEngines } from '#modules/processing/pipeline/processing-engines.ts';
import type { MaterialMaps } from './material.table.ts';

/** A material's preview: its maps on a sphere, rendered with the viewer's scene (DESIGN §7). */
export const materialPreviewJob = defineJob({
  name: 'materials.preview',
  payload: z.object({ companyId: z.number().int().positive(), materialId: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 5, backoff: true },
  expireInSeconds: 5 * 60,
});

export function materialPreviewJobs(services: CoreServices & { processing: ProcessingEngines }): void {
  services.jobs.define(materialPreviewJob);
  services.jobs.work(materialPreviewJob.name, async (payload) => {
    const { companyId, materialId } = materialPreviewJob.payload.parse(payload);
    const tenant = <T>(work: Parameters<typeof services.database.tenant<T>>[1]) =>
      services.database.tenant({ companyId }, work);
    const [material] = await tenant((tx) =>
      queryRows<{ maps: MaterialMaps; preview_image_path: string | null }>(
        tx,
        sql`select maps, preview_image_path from materials where id = ${materialId} and deleted_at is null`,
      ),
    );
    if (!material || Object.keys(material.maps).length === 0) return { rendered: false };
    const images: Partial<Record<MaterialMapKind, Buffer>> = {};
    for (const [kind, map] of Object.entries(material.maps) as [MaterialMapKind, { key: string }][]) {
      images[kind] = await buffer(services.storage.read(map.key));
    }
    const image = await services.processing.previews().renderMaterial(images, {}, { size: 512 });
    const key = `companies/${companyId}/materials/${materialId}/preview-${randomBytes(6).toString('hex')}.webp`;
    await services.storage.put(key, image);
    // Only while the maps are the ones rendered: a newer save asks for its own preview.
    const [updated] = await tenant((tx) =>
      queryRows<{ id: number }>(
        tx,
        sql`update materials set preview_image_path = ${key}, updated_at = now()
          where id = ${materialId} and maps = ${JSON.stringify(material.maps)}::jsonb returning id`,
      ),
    );
    if (!updated) {
      await services.storage.remove(key);
      return { rendered: false };
    }
    if (material.preview_image_path) await services.storage.remove(material.preview_image_path).catch(() => {});
    services.realtime.emit(contentChannel(companyId), CONTENT_CHANGED_EVENT, {
      resources: ['materials'],
    } satisfies ContentChanged);
    return { rendered: true };
  });
}
