import fs from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, queryRows } from '#core/db/database.ts';
import type { JobContext } from '#core/jobs/job-definition.ts';
import { createStorage } from '#core/storage/create-storage.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { projectModelProcessing } from '#modules/content/project-models/project-model.processing-subject.ts';
import type { ConversionResult, Converter } from '#modules/processing/conversion/converter.ts';
import type { PreviewRenderer } from '#modules/processing/preview/preview-renderer.ts';
import { describeEachDatabase, freshDatabase } from '#test/test-app.ts';
import { ActiveRuns } from './active-runs.ts';
import { ProcessingPublisher } from './processing-publisher.ts';
import { queueRun } from './processing-state.ts';
import { runProcessing } from './run-processing.ts';

const subject = projectModelProcessing;

/** A converter that writes a GLB, and a light version beside it when `lite` is set (the real one: lite-glb.test.ts). */
function converter(lite: boolean): Converter {
  return {
    convert: async (input: { outputPath: string }) => {
      await mkdir(path.dirname(input.outputPath), { recursive: true });
      await writeFile(input.outputPath, 'glTF-full');
      const litePath = input.outputPath.replace(/\.glb$/, '-lite.glb');
      if (lite) await writeFile(litePath, 'glTF-lite');
      const result: ConversionResult = {
        figures: {
          format: 'glb',
          triangles: 1,
          vertices: 3,
          points: 0,
          meshes: 1,
          materials: 1,
          materialNames: ['Door'],
          textures: 0,
          bounds: null,
          inputBytes: 9,
          outputBytes: 9,
          stepsMs: {},
          simplified: false,
          trianglesBefore: 1,
          keyframesBefore: null,
          keyframesAfter: null,
          validatorErrors: 0,
          validatorWarnings: 0,
          placement: { units: 'm', metres_per_unit: 1, up_axis: 'y', from: 'format' },
        },
        warnings: [],
        lite: lite ? { path: litePath, bytes: 9, triangles: 1, ms: 5 } : null,
      };
      return result;
    },
  } as unknown as Converter;
}

describeEachDatabase('the light version through the pipeline', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let storage: FileStorage;
  let model: { id: number; companyId: number };

  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind, 'demo'));
    storage = createStorage({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-lite-')), s3: null });
    const [row] = await queryRows<{ id: number; company_id: number }>(
      database.system,
      sql`select id, company_id from ${sql.raw(subject.table)} where deleted_at is null order by id limit 1`,
    );
    if (!row) throw new Error('the demo data has a model');
    model = { id: row.id, companyId: row.company_id };
  });
  afterAll(() => drop?.());

  const run = async (lite: boolean) => {
    const key = `companies/${model.companyId}/models/${model.id}/box.glb`;
    await storage.put(key, 'glTF-source');
    const number = await database.tenant({ companyId: model.companyId }, (tx) =>
      queueRun(tx, subject, model.id, 'Queued'),
    );
    await database.system.execute(
      sql`update ${sql.raw(subject.table)} set original_key = ${key}, original_name = 'box.glb' where id = ${model.id}`,
    );
    const context: JobContext = {
      id: 'job-1',
      name: 'processing.run',
      attempt: 1,
      signal: new AbortController().signal,
    };
    const outcome = await runProcessing(
      {
        database,
        storage,
        publisher: new ProcessingPublisher({ emit: () => {} }),
        converter: () => converter(lite),
        previews: () => ({ renderModel: async () => Buffer.from('RIFF-preview') }) as unknown as PreviewRenderer,
        activeRuns: new ActiveRuns(),
        retryLimit: 2,
        log: { warn: () => {}, error: () => {} },
      },
      { subject, companyId: model.companyId, id: model.id, run: number },
      context,
    );
    const [row] = await queryRows<{ glb_key: string; lite_glb_key: string | null; lite: number | null }>(
      database.system,
      sql`select glb_key, lite_glb_key, (figures->>'lite_glb_bytes')::int as lite
        from ${sql.raw(subject.table)} where id = ${model.id}`,
    );
    return { outcome, row: row as NonNullable<typeof row> };
  };

  it('stores the light GLB beside the GLB; a run without one removes the old one and clears its key', async () => {
    const first = await run(true);
    expect(first.outcome).toBe('finished');
    expect(first.row.lite_glb_key).toBe(first.row.glb_key.replace(/\.glb$/, '-lite.glb'));
    expect(first.row.lite).toBe(9);
    expect((await storage.read(first.row.lite_glb_key as string).toArray()).join('')).toBe('glTF-lite');

    const second = await run(true);
    expect(second.row.lite_glb_key).not.toBe(first.row.lite_glb_key);
    expect(await storage.exists(first.row.lite_glb_key as string)).toBe(false);
    expect(await storage.exists(second.row.lite_glb_key as string)).toBe(true);

    const third = await run(false);
    expect(third.outcome).toBe('finished');
    expect(third.row.lite_glb_key).toBeNull();
    expect(third.row.lite).toBeNull();
    expect(await storage.exists(second.row.lite_glb_key as string)).toBe(false);
  });
});
