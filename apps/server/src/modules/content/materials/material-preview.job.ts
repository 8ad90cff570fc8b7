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
import { materialAt, shownMaps } from './material-inheritance.ts';

/**
 * A material's preview: its maps on a sphere, rendered with the viewer's scene, so that it looks as
 * the viewer shows it.
 */
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
    const effective = shownMaps(materialAt('m'));
    const [material] = await tenant((tx) =>
      queryRows<{ maps: MaterialMaps; preview_image_path: string | null }>(
        tx,
        sql`select ${effective} as maps, m.preview_image_path from materials m
          where m.id = ${materialId} and m.deleted_at is null`,
      ),
    );
    if (!material) return { rendered: false };
    // Only while the maps are the ones rendered: a newer save asks for its own preview.
    const switchTo = (key: string | null) =>
      tenant((tx) =>
        queryRows<{ id: number }>(
          tx,
          sql`update materials m set preview_image_path = ${key}, updated_at = now()
            where m.id = ${materialId} and ${effective} = ${JSON.stringify(material.maps)}::jsonb returning m.id`,
        ),
      );
    const kinds = Object.entries(material.maps) as [MaterialMapKind, { key: string }][];
    if (kinds.length === 0) {
      // Its last map went: a sphere of maps it no longer has would mislead.
      if (!material.preview_image_path) return { rendered: false };
      const [cleared] = await switchTo(null);
      if (!cleared) return { rendered: false };
      await services.storage.remove(material.preview_image_path).catch(() => {});
    } else {
      const images: Partial<Record<MaterialMapKind, Buffer>> = {};
      for (const [kind, map] of kinds) images[kind] = await buffer(services.storage.read(map.key));
      const image = await services.processing.previews().renderMaterial(images, {}, { size: 512 });
      const key = `companies/${companyId}/materials/${materialId}/preview-${randomBytes(6).toString('hex')}.webp`;
      await services.storage.put(key, image);
      const [updated] = await switchTo(key);
      if (!updated) {
        await services.storage.remove(key);
        return { rendered: false };
      }
      if (material.preview_image_path) await services.storage.remove(material.preview_image_path).catch(() => {});
    }
    services.realtime.emit(contentChannel(companyId), CONTENT_CHANGED_EVENT, {
      resources: ['materials'],
    } satisfies ContentChanged);
    return { rendered: kinds.length > 0 };
  });
}
