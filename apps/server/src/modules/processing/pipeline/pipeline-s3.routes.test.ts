import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '#test/s3-server.ts';
import { HAVE_SAMPLES } from '#test/samples.ts';
import { startTestApp, type TestApp } from '#test/test-app.ts';
import { getBytes, sampleUpload, untilStatus, uploadBytes } from './pipeline.test-helpers.ts';

// The same pipeline with every file on S3-compatible storage (a local s3rver): the upload,
// the original read back for the run, the GLB and the preview written and served.
describe.skipIf(!HAVE_SAMPLES)('the processing pipeline on S3 storage', () => {
  let s3: TestS3;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    app = await startTestApp('pglite', { env: { ...s3.env, JOB_POLLING_SECONDS: '0.5' } });
    token = await app.login('editor');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
  });

  it('processes an OBJ bundle with its textures to FINISHED, and serves its files from the bucket', async () => {
    const projects = await app.request<{ data: { id: number }[] }>('/v2/projects?per_page=1', { token });
    const { fileName, data } = sampleUpload(
      [
        'OBJ/spider.obj',
        'OBJ/spider.mtl',
        'OBJ/SpiderTex.jpg',
        'OBJ/drkwood2.jpg',
        'OBJ/engineflare1.jpg',
        'OBJ/wal67ar_small.jpg',
        'OBJ/wal69ar_small.jpg',
      ],
      'spider.zip',
    );
    const uploadId = await uploadBytes({ url: app.url, host: app.host('acme'), token }, fileName, data);
    const created = await app.request<{ data: { id: number } }>('/v2/projects/models', {
      token,
      json: { name: 'spider on S3', project_id: projects.body.data[0]?.id, upload_id: uploadId },
    });
    expect(created.status, created.text).toBe(201);
    const done = await untilStatus<{
      status: string;
      glb_url: string;
      original_url: string;
      preview_image_url: string;
      latest_geometry_event: { message: string };
      figures: { textures: number };
    }>(app, token, `/v2/projects/models/${created.body.data.id}`, ['FINISHED', 'FAILED']);
    expect(done.status, done.latest_geometry_event.message).toBe('FINISHED');
    expect(done.figures.textures).toBeGreaterThan(0);
    const glb = await getBytes(app, token, done.glb_url);
    expect(glb.body.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect((await getBytes(app, token, done.original_url)).body.equals(data)).toBe(true);
    expect((await getBytes(app, token, done.preview_image_url.split('?')[0] as string)).status).toBe(200);
  });
});
