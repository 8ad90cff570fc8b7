import {
  companyChannel,
  GEOMETRY_EVENTS_UPDATED_EVENT,
  type GeometryEventsUpdated,
  PROCESSING_STEPS,
  REFRESH_PROCESSOR_INDEX_EVENT,
  recordChannel,
  type SubscribeAck,
} from '@meshport/contract';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TusTarget } from '#modules/processing/uploads/upload.test-helpers.ts';
import { HAVE_SAMPLES } from '#test/samples.ts';
import { DATABASE_KINDS, describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { getBytes, sampleUpload, untilStatus, uploadBytes } from './pipeline.test-helpers.ts';

interface ModelRow {
  id: number;
  status: string;
  started_at: string | null;
  finished_at: string | null;
  uploader_name: string | null;
  preview_image_url: string | null;
  original_file_name: string | null;
  original_url: string | null;
  glb_url: string | null;
  latest_geometry_event: { message: string | null };
  figures: {
    triangles: number;
    points: number;
    meshes: number;
    materials: number;
    material_names?: string[];
    textures: number;
    dimensions_m: { width: number; depth: number; height: number } | null;
    original_bytes: number;
    glb_bytes: number;
    steps_ms: Record<string, number>;
    warnings: string[];
  } | null;
}

/** One kind of each input the pipeline takes (FBX, OBJ, DAE, 3DS, STL, PLY, glTF), as a user would upload it. */
const KINDS: { label: string; files: string | string[]; bundle?: string; textures?: boolean; points?: boolean }[] = [
  { label: 'binary FBX', files: 'FBX/box.fbx' },
  { label: 'ASCII FBX with an embedded texture', files: 'FBX/embedded_ascii/box.FBX' },
  {
    label: 'OBJ + MTL + textures, zipped',
    files: [
      'OBJ/spider.obj',
      'OBJ/spider.mtl',
      'OBJ/SpiderTex.jpg',
      'OBJ/drkwood2.jpg',
      'OBJ/engineflare1.jpg',
      'OBJ/wal67ar_small.jpg',
      'OBJ/wal69ar_small.jpg',
    ],
    bundle: 'spider.zip',
    textures: true,
  },
  {
    label: 'DAE with a TGA texture, zipped',
    files: ['Collada/duck.dae', 'Collada/duckCM.tga'],
    bundle: 'duck.zip',
    textures: true,
  },
  { label: 'ZAE', files: 'Collada/human.zae' },
  { label: '3DS', files: '3DS/fels.3ds' },
  { label: 'binary STL', files: 'STL/Spider_binary.stl' },
  { label: 'PLY point cloud', files: 'PLY/pond.0.ply', points: true },
  { label: 'GLB', files: 'glTF2/2CylinderEngine-glTF-Binary/2CylinderEngine.glb' },
  {
    label: 'glTF + bin + PNG, zipped',
    files: [
      'glTF2/BoxTextured-glTF/BoxTextured.gltf',
      'glTF2/BoxTextured-glTF/BoxTextured0.bin',
      'glTF2/BoxTextured-glTF/CesiumLogoFlat.png',
    ],
    bundle: 'box-textured.zip',
    textures: true,
  },
];

const HOSTILE: { file: string; message: RegExp }[] = [
  { file: 'invalid/empty.obj', message: /empty/i },
  { file: 'invalid/malformed.obj', message: /./ },
  { file: 'invalid/crash-30d6d0f7c529b3b66b4131700b7a4580cd7082df.ply', message: /could not be read|damaged/i },
  { file: 'invalid/OutOfMemory.off', message: /memory|could not be read|damaged/i },
  { file: 'glTF2/IndexOutOfRange/AllIndicesOutOfRange.gltf', message: /./ },
];

describeEachDatabase('the processing pipeline through HTTP', (kind) => {
  let app: TestApp;
  let token: string;
  let target: TusTarget;
  let projectId: number;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { JOB_POLLING_SECONDS: '0.5' } });
    token = await app.login('editor');
    target = { url: app.url, host: app.host('acme'), token };
    const projects = await app.request<{ data: { id: number }[] }>('/v2/projects?per_page=1', { token });
    projectId = projects.body.data[0]?.id as number;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const createModel = async (name: string, fileName: string, data: Buffer) => {
    const uploadId = await uploadBytes(target, fileName, data);
    const created = await app.request<{ data: ModelRow }>('/v2/projects/models', {
      token,
      json: { name, project_id: projectId, upload_id: uploadId },
    });
    expect(created.status, created.text).toBe(201);
    return created.body.data;
  };

  // Converting and rendering a file does not touch the database: the samples go through one of
  // them (the server's when there is one); what the database does with a run is tested on both below.
  describe.skipIf(!HAVE_SAMPLES || kind !== DATABASE_KINDS.at(-1))('each kind of sample', () => {
    it.each(KINDS)('$label is processed to FINISHED with its figures, events, preview and GLB', async (input) => {
      const { fileName, data } = sampleUpload(input.files, input.bundle);
      const created = await createModel(`pipeline ${input.label}`, fileName, data);
      expect(created.status).toBe('QUEUED');
      expect(created.original_file_name).toBe(fileName);
      const done = await untilStatus<ModelRow>(app, token, `/v2/projects/models/${created.id}`, ['FINISHED', 'FAILED']);
      expect(done.status, done.latest_geometry_event.message ?? '').toBe('FINISHED');
      expect(done.started_at).not.toBeNull();
      expect(done.finished_at).not.toBeNull();
      expect(done.uploader_name).toBeTruthy();
      expect(done.latest_geometry_event.message).toMatch(/^Ready: /);
      const figures = done.figures;
      expect(figures).not.toBeNull();
      if (input.points) expect(figures?.points).toBeGreaterThan(0);
      else expect(figures?.triangles).toBeGreaterThan(0);
      if (input.textures) expect(figures?.textures).toBeGreaterThan(0);
      expect(figures?.original_bytes).toBe(data.length);
      // One name per material of the output, in its order: the model's material slots (decision 0059).
      expect(figures?.material_names).toHaveLength(figures?.materials ?? -1);
      for (const step of ['inspect', 'convert', 'optimise', 'preview'] as const) {
        expect(figures?.steps_ms[step], step).toBeGreaterThanOrEqual(0);
      }

      const events = await app.request<{ data: { step: string; message: string; status: string }[] }>(
        `/v2/projects/models/${created.id}/geometry-events`,
        { token },
      );
      const steps = events.body.data.map((event) => event.step);
      expect(steps[0]).toBe('queued');
      for (const step of PROCESSING_STEPS) expect(steps, step).toContain(step);
      expect(events.body.data.at(-1)?.status).toBe('FINISHED');

      const glb = await getBytes(app, token, done.glb_url as string);
      expect(glb.status).toBe(200);
      expect(glb.body.subarray(0, 4).toString('latin1')).toBe('glTF');
      expect(glb.body.length).toBe(figures?.glb_bytes);
      const original = await getBytes(app, token, done.original_url as string);
      expect(original.body.equals(data)).toBe(true);
      const preview = await getBytes(app, token, (done.preview_image_url as string).split('?')[0] as string);
      expect(preview.status).toBe(200);
      const image = await sharp(preview.body).metadata();
      expect([image.format, image.width, image.height]).toEqual(['webp', 512, 512]);
    });

    it('a skeleton and its animation without a mesh (Maya FBX, cm) is FINISHED: kept, in metres, no preview, warned', async () => {
      const { fileName, data } = sampleUpload('real-world/FBX-maya-cm/maya_anim_no_inherit_scale_7700_ascii.fbx');
      const created = await createModel('pipeline skeleton only', fileName, data);
      const done = await untilStatus<ModelRow>(app, token, `/v2/projects/models/${created.id}`, ['FINISHED', 'FAILED']);
      expect(done.status, done.latest_geometry_event.message ?? '').toBe('FINISHED');
      expect(done.latest_geometry_event.message).toMatch(/^Ready: no mesh, nothing drawn, /);
      expect(done.preview_image_url).toBeNull();
      expect(done.figures).toMatchObject({ triangles: 0, points: 0, meshes: 0 });
      // The joint chain, centimetres along the file's X, stands along Y once placed: its joints' extent in metres.
      expect(done.figures?.dimensions_m?.height).toBeGreaterThan(0.1);
      expect(done.figures?.dimensions_m?.height).toBeLessThan(0.3);
      expect(done.figures?.warnings).toContain('No preview image: the model holds no mesh to draw');
      const events = await app.request<{ data: { step: string; message: string }[] }>(
        `/v2/projects/models/${created.id}/geometry-events`,
        { token },
      );
      const convert = events.body.data.find((event) => event.step === 'convert');
      expect(convert?.message).toContain('Warning: The file holds no mesh, so nothing is drawn');
      const glb = await getBytes(app, token, done.glb_url as string);
      expect(glb.body.subarray(0, 4).toString('latin1')).toBe('glTF');
    });

    it.each(HOSTILE)(
      '$file ends FAILED with a message a person can read, and the next file still works',
      async ({ file, message }) => {
        const { fileName, data } = sampleUpload(file);
        const created = await createModel(`hostile ${fileName}`, fileName, data);
        const done = await untilStatus<ModelRow>(app, token, `/v2/projects/models/${created.id}`, [
          'FINISHED',
          'FAILED',
        ]);
        expect(done.status).toBe('FAILED');
        const text = done.latest_geometry_event.message ?? '';
        expect(text).toMatch(message);
        expect(text).not.toMatch(/\n\s+at |RuntimeError|undefined|\[object/);
        const next = await createModel('after hostile', 'box.fbx', sampleUpload('FBX/box.fbx').data);
        expect(
          (await untilStatus<ModelRow>(app, token, `/v2/projects/models/${next.id}`, ['FINISHED', 'FAILED'])).status,
        ).toBe('FINISHED');
      },
    );
  });

  it('reprocesses only a FINISHED model, and cancels only a queued or processing one', async () => {
    const obj = Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 3 4\nf 1 2 4\n');
    const created = await createModel('reprocess me', 'tetra.obj', obj);
    const cancelled = await app.request(`/v2/projects/models/${created.id}/reprocess`, { token, method: 'POST' });
    expect(cancelled.status).toBe(409);
    const done = await untilStatus<ModelRow>(app, token, `/v2/projects/models/${created.id}`, ['FINISHED', 'FAILED']);
    expect(done.status).toBe('FINISHED');
    expect((await app.request(`/v2/projects/models/${created.id}/cancel`, { token, method: 'POST' })).status).toBe(409);

    const again = await app.request<{ data: ModelRow }>(`/v2/projects/models/${created.id}/reprocess`, {
      token,
      method: 'POST',
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.status).toBe('QUEUED');
    const stop = await app.request<{ data: ModelRow }>(`/v2/projects/models/${created.id}/cancel`, {
      token,
      method: 'POST',
    });
    expect(stop.status, stop.text).toBe(200);
    expect(stop.body.data.status).toBe('FAILED');
    expect(stop.body.data.latest_geometry_event.message).toBe('Processing cancelled.');
    // The cancelled run never writes again: the record stays as the cancel left it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = await app.request<{ data: ModelRow }>(`/v2/projects/models/${created.id}`, {
      token,
      headers: { 'cache-control': 'no-cache' },
    });
    expect(after.body.data.status).toBe('FAILED');
    expect(after.body.data.latest_geometry_event.message).toBe('Processing cancelled.');
  });

  it('library items are made from uploads too, into their libraries, and can be cancelled (CANCELLED)', async () => {
    const libraries = await app.request<{ data: { id: number }[] }>('/v2/libraries?per_page=1', { token });
    const libraryId = libraries.body.data[0]?.id as number;
    const obj = Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
    const uploadId = await uploadBytes(target, 'triangle.obj', obj);
    const created = await app.request<{ data: ModelRow & { libraries: { id: number }[] } }>('/v2/libraries/items', {
      token,
      json: { name: 'pipeline item', libraries: [libraryId], upload_id: uploadId },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.libraries.map((library) => library.id)).toEqual([libraryId]);
    const id = created.body.data.id;
    const stop = await app.request<{ data: ModelRow }>(`/v2/libraries/items/${id}/cancel`, { token, method: 'POST' });
    if (stop.status === 200) expect(stop.body.data.status).toBe('CANCELLED');
    else expect(stop.status).toBe(409); // it finished first
    const done = await untilStatus<ModelRow>(app, token, `/v2/libraries/items/${id}`, ['FINISHED', 'CANCELLED']);
    expect(['FINISHED', 'CANCELLED']).toContain(done.status);
  });

  it('tells the processor live: each status and step on the kind channel and the record channel', async () => {
    const me = await app.request<{ user: { company_id: number } }>('/v2/auth/validate', { token });
    const companyId = me.body.user.company_id;
    const socket: Socket = io(app.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { host: app.host('acme') },
      auth: { token },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const onList: GeometryEventsUpdated[] = [];
      const refreshes: unknown[] = [];
      socket.on(GEOMETRY_EVENTS_UPDATED_EVENT, (event: GeometryEventsUpdated) => onList.push(event));
      socket.on(REFRESH_PROCESSOR_INDEX_EVENT, (event: unknown) => refreshes.push(event));
      const ack: SubscribeAck = await socket.emitWithAck('subscribe', {
        channel: companyChannel(companyId, 'ProjectModel'),
      });
      expect(ack.ok).toBe(true);
      const obj = Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
      const created = await createModel('live', 'live.obj', obj);
      const own: SubscribeAck = await socket.emitWithAck('subscribe', {
        channel: recordChannel(companyId, 'ProjectModel', created.id),
      });
      expect(own.ok).toBe(true);
      await untilStatus<ModelRow>(app, token, `/v2/projects/models/${created.id}`, ['FINISHED']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mine = onList.filter((event) => event.id === created.id);
      const statuses = mine.map((event) => event.status);
      expect(statuses).toContain('PROCESSING');
      expect(statuses.at(-1)).toBe('FINISHED');
      expect(mine.at(-1)?.latest_geometry_event.message).toMatch(/^Ready: /);
      expect(mine.at(-1)?.finished_at).not.toBeNull();
      expect(mine.map((event) => event.latest_geometry_event.step)).toEqual(
        expect.arrayContaining(['convert', 'optimise', 'preview', 'finish']),
      );
      expect(refreshes).toContainEqual({ id: created.id, kind: 'project_model' });
      expect(mine.every((event) => event.kind === 'project_model')).toBe(true);
    } finally {
      socket.disconnect();
    }
  });

  it('refuses an upload id that is not a finished upload of this company, on its field', async () => {
    const answer = await app.request<{ errors: Record<string, string[]> }>('/v2/projects/models', {
      token,
      json: { name: 'nothing', project_id: projectId, upload_id: 'a'.repeat(32) },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.upload_id).toEqual(['The upload was not found or is not finished']);
    const taken = await uploadBytes(target, 'once.obj', Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'));
    const first = await app.request('/v2/projects/models', {
      token,
      json: { name: 'first', project_id: projectId, upload_id: taken },
    });
    expect(first.status).toBe(201);
    const second = await app.request('/v2/projects/models', {
      token,
      json: { name: 'second', project_id: projectId, upload_id: taken },
    });
    expect(second.status).toBe(422);
    const globex = await app.login('globex-editor', app.host('globex'));
    const foreign = await app.request('/v2/projects/models', {
      token: globex,
      host: app.host('globex'),
      json: { name: 'stolen', project_id: projectId, upload_id: taken },
    });
    expect([404, 422]).toContain(foreign.status);
  });

  it('one upload makes one record, even asked for twice at once; odd paths and no session get 4xx', async () => {
    const uploadId = await uploadBytes(target, 'twice.obj', Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'));
    const both = await Promise.all(
      ['one', 'two'].map((name) =>
        app.request('/v2/projects/models', { token, json: { name, project_id: projectId, upload_id: uploadId } }),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 422]);

    expect(
      (await app.request('/v2/projects/models', { json: { name: 'x', project_id: projectId, upload_id: uploadId } }))
        .status,
    ).toBe(401);
    expect((await app.request('/v2/projects/models/1/files/glb')).status).toBe(401);
    for (const odd of [
      '/v2/projects/models/%2e%2e%2f1/files/glb',
      '/v2/projects/models/1%00/geometry-events',
      '/v2/libraries/items/-1/files/original',
      '/v2/uploads/..%2f..%2fetc%2fpasswd',
      '/v2/materials/Oak/maps/..%2Fbase_color',
      '/v2/materials/%252e%252e/maps/base_color',
    ]) {
      const answer = await app.request(odd, { token, asIs: true, headers: { 'tus-resumable': '1.0.0' } });
      expect(answer.status, odd).toBeGreaterThanOrEqual(400);
      expect(answer.status, odd).toBeLessThan(500);
    }
  });

  it("hides one company's models, their files and events from another, and keeps customers to reading", async () => {
    const obj = Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n');
    const created = await createModel('private', 'private.obj', obj);
    await untilStatus<ModelRow>(app, token, `/v2/projects/models/${created.id}`, ['FINISHED']);
    const globex = await app.login('globex-editor', app.host('globex'));
    const asGlobex = (path: string, method = 'GET') =>
      app.request(path, { token: globex, host: app.host('globex'), method });
    for (const path of ['files/glb', 'files/original', 'geometry-events']) {
      expect((await asGlobex(`/v2/projects/models/${created.id}/${path}`)).status, path).toBe(404);
    }
    expect((await asGlobex(`/v2/projects/models/${created.id}/reprocess`, 'POST')).status).toBe(404);
    expect((await asGlobex(`/v2/projects/models/${created.id}/cancel`, 'POST')).status).toBe(404);
    const viewer = await app.login('viewer', app.host('acme', 'customerportal'));
    const asViewer = (path: string, method = 'GET') =>
      app.request(path, { token: viewer, host: app.host('acme', 'customerportal'), method });
    expect((await asViewer(`/v2/projects/models/${created.id}/files/glb`)).status).toBe(200);
    expect((await asViewer(`/v2/projects/models/${created.id}/reprocess`, 'POST')).status).toBe(403);
    expect((await asViewer('/v2/uploads', 'POST')).status).toBe(403);
  });
});
