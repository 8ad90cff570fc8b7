import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import { writeClient } from '#modules/content/projects/project-writes.test-helpers.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

/** The light GLB of a shared model (issue 30): drawn first on the share page, under the GLB's own rules. */
describeEachDatabase('shared light GLB', (kind) => {
  let t: TestApp;
  let withLite: number;
  let withoutLite: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.services.storage.put('lite-test/model.glb', Buffer.from('glTF-full'));
    await t.services.storage.put('lite-test/model-lite.glb', Buffer.from('glTF-lite'));
    const insert = async (name: string, lite: string | null) => {
      const [row] = await queryRows<{ id: number }>(
        t.database.system,
        sql`insert into project_models (company_id, project_id, name, status, glb_key, lite_glb_key, figures)
          select company_id, id, ${name}, 'FINISHED', 'lite-test/model.glb', ${lite},
            ${JSON.stringify({ material_names: ['Door'] })}::jsonb
          from projects where name = 'Van Dijk Family Kitchen' returning id`,
      );
      return row?.id as number;
    };
    withLite = await insert('Heavy Kitchen', 'lite-test/model-lite.glb');
    withoutLite = await insert('Light Kitchen', null);
  });
  afterAll(() => t.close());
  beforeEach(() =>
    t.database.system.execute(sql`delete from login_failures where key like 'share-%' or key like 'identity:share-%'`),
  );
  const c = writeClient(() => t);
  const share = async (body: Record<string, unknown>) => {
    const made = await c.send('POST', '/v2/share-links', body);
    expect(made.status).toBe(201);
    return { id: made.body.data.id as number, token: (made.body.data.url as string).split('/s/')[1] as string };
  };
  const open = (token: string, path = '', cookie?: string) =>
    t.request(`/v2/shared/${token}${path}`, { host: t.host('acme', 'customerportal'), cookie });

  it('answers lite_glb_url and the light file when the model has one; null and 404 when not', async () => {
    const { token } = await share({ project_model_id: withLite });
    const data = (await open(token)).body.data;
    expect(data.model.lite_glb_url).toBe(`/v2/shared/${token}/files/lite-glb`);
    const lite = await open(token, '/files/lite-glb');
    expect(lite.status).toBe(200);
    expect(lite.headers['content-type']).toContain('model/gltf-binary');
    expect(lite.raw.toString()).toBe('glTF-lite');
    expect((await open(token, '/files/glb')).raw.toString()).toBe('glTF-full');

    const plain = await share({ project_model_id: withoutLite });
    expect((await open(plain.token)).body.data.model.lite_glb_url).toBeNull();
    expect((await open(plain.token, '/files/lite-glb')).status).toBe(404);
  });

  it('the same rules as the GLB: a wrong, revoked or expired link is 404; a password link needs its grant', async () => {
    expect((await open('A'.repeat(43), '/files/lite-glb')).status).toBe(404);
    const revoked = await share({ project_model_id: withLite });
    await t.database.system.execute(sql`update share_links set revoked_at = now() where id = ${revoked.id}`);
    expect((await open(revoked.token, '/files/lite-glb')).status).toBe(404);
    const expired = await share({ project_model_id: withLite });
    await t.database.system.execute(
      sql`update share_links set expires_at = now() - interval '1 minute' where id = ${expired.id}`,
    );
    expect((await open(expired.token, '/files/lite-glb')).status).toBe(404);

    const locked = await share({ project_model_id: withLite, password: 'open sesame' });
    expect((await open(locked.token, '/files/lite-glb')).status).toBe(401);
    const right = await t.request(`/v2/shared/${locked.token}/unlock`, {
      method: 'POST',
      host: t.host('acme', 'customerportal'),
      json: { password: 'open sesame' },
    });
    const cookie = `share_grant=${right.cookies.share_grant?.value}`;
    expect((await open(locked.token, '/files/lite-glb', cookie)).status).toBe(200);
  });

  it('the model removed from storage or binned: 404', async () => {
    const { token } = await share({ project_model_id: withLite });
    await t.services.storage.remove('lite-test/model-lite.glb');
    expect((await open(token, '/files/lite-glb')).status).toBe(404);
    await t.services.storage.put('lite-test/model-lite.glb', Buffer.from('glTF-lite'));
    await t.database.system.execute(sql`update project_models set deleted_at = now() where id = ${withLite}`);
    expect((await open(token, '/files/lite-glb')).status).toBe(404);
    await t.database.system.execute(sql`update project_models set deleted_at = null where id = ${withLite}`);
  });
});
