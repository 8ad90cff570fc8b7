import { readFileSync } from 'node:fs';
import { type GeometryEvent, sourceMessage } from '@meshport/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deflatedRecord, zipRecords } from '#core/archive/zip-writer.ts';
import type { TusTarget } from '#modules/processing/uploads/upload.test-helpers.ts';
import { HAVE_SAMPLES, sample } from '#test/samples.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';
import { untilStatus, uploadBytes } from './pipeline.test-helpers.ts';

interface Row {
  id: number;
  status: string;
  latest_geometry_event: { message: string | null; message_code?: string | null; message_params?: unknown };
}

/** An ASCII FBX header as FBX 6.1 (2009) writes it: refused at inspect with the `fbxTooOld` message. */
const FBX_61_ASCII = ['; FBX 6.1.0 project file', 'FBXHeaderExtension:  {', '\tFBXVersion: 6100', '}', ''].join('\n');

/** A binary FBX header whose zero bytes became spaces (decision 0038). */
function fbxZerosAsSpaces(): Buffer {
  const head = Buffer.alloc(27 + 64, 0x20);
  head.write('Kaydara FBX Binary  ', 0, 'latin1');
  head[20] = 0x20;
  head[21] = 0x1a;
  head[22] = 0x20;
  head.writeUInt32LE(7400, 23);
  return head;
}

describeEachDatabase('processing messages keep their code and parameters (decision 0038)', (kind) => {
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

  const failed = async (fileName: string, data: Buffer) => {
    const uploadId = await uploadBytes(target, fileName, data);
    const created = await app.request<{ data: Row }>('/v2/projects/models', {
      token,
      json: { name: fileName, project_id: projectId, upload_id: uploadId },
    });
    expect(created.status, created.text).toBe(201);
    const done = await untilStatus<Row>(app, token, `/v2/projects/models/${created.body.data.id}`, [
      'FINISHED',
      'FAILED',
    ]);
    expect(done.status).toBe('FAILED');
    const events = await app.request<{ data: GeometryEvent[] }>(`/v2/projects/models/${done.id}/geometry-events`, {
      token,
    });
    expect(events.status, events.text).toBe(200);
    return { done, events: events.body.data };
  };

  it('a failure by code: the event and the latest event carry the code and parameters with the English text', async () => {
    const { done, events } = await failed('old.fbx', Buffer.from(FBX_61_ASCII));
    const last = events.at(-1);
    expect(last).toMatchObject({
      status: 'FAILED',
      step: 'inspect',
      message: sourceMessage('fbxTooOld', { version: '6.1' }),
      message_code: 'fbxTooOld',
      message_params: { version: '6.1' },
    });
    expect(done.latest_geometry_event).toMatchObject({ message_code: 'fbxTooOld', message_params: { version: '6.1' } });
    // The pipeline's own events have theirs too, numbers raw (issue 31): queued, started, stored.
    expect(events.slice(0, 3)).toMatchObject([
      {
        step: 'queued',
        message: 'Queued old.fbx',
        message_code: 'queuedFile',
        message_params: { fileName: 'old.fbx' },
      },
      { step: 'store', message: 'Processing started', message_code: 'started', message_params: {} },
      {
        step: 'store',
        message: `Stored old.fbx (${FBX_61_ASCII.length} B)`,
        message_code: 'stored',
        message_params: { fileName: 'old.fbx', sizeBytes: String(FBX_61_ASCII.length) },
      },
    ]);

    const list = await app.request<{ data: Row[] }>('/v2/projects/models?per_page=100', {
      token,
      headers: { 'cache-control': 'no-cache' },
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.find((row) => row.id === done.id)?.latest_geometry_event).toMatchObject({
      message_code: 'fbxTooOld',
      message_params: { version: '6.1' },
    });
  });

  it.skipIf(!HAVE_SAMPLES)('a broken OBJ sample: its failure arrives as code and line number (issue 31)', async () => {
    const { done, events } = await failed('malformed.obj', readFileSync(sample('invalid/malformed.obj')));
    const params = { lineNumber: '28' };
    expect(events.at(-1)).toMatchObject({
      status: 'FAILED',
      step: 'convert',
      message: sourceMessage('objFaceIndexZero', params),
      message_code: 'objFaceIndexZero',
      message_params: params,
    });
    expect(done.latest_geometry_event).toMatchObject({ message_code: 'objFaceIndexZero', message_params: params });
  });

  it('a hostile zip (a path out of its folder): the archive code with the entry named', async () => {
    const slip = zipRecords([deflatedRecord('../../evil.obj', Buffer.from('v 0 0 0\n'))]);
    const { events } = await failed('slip.zip', slip);
    expect(events.at(-1)).toMatchObject({
      status: 'FAILED',
      step: 'inspect',
      message_code: 'archivePathOutside',
      message_params: { fileName: '../../evil.obj' },
    });
  });

  it('a code from inside the converter process (a binary FBX whose zeros became spaces) reaches the event', async () => {
    const { events } = await failed('spaces.fbx', fbxZerosAsSpaces());
    expect(events.at(-1)).toMatchObject({ status: 'FAILED', message_code: 'fbxZerosAsSpaces', message_params: {} });
  });
});
