import { sql } from 'drizzle-orm';
import { queryRows } from '#core/db/database.ts';
import type { Row } from '#modules/content/shared/content-list.test-helpers.ts';
import { signInDemoUsers } from '#test/demo-clients.ts';
import type { TestApp } from '#test/test-app.ts';

/** The first bytes of a PNG: what the server judges an upload's type by. */
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

export type Who = string | { token: string; host: string };

/** A multipart body as a browser's FormData sends it, with its content type. */
export async function multipart(fields: [string, string | Blob, string?][]): Promise<{ body: Buffer; type: string }> {
  const data = new FormData();
  for (const [name, value, filename] of fields) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, value, filename ?? 'upload.bin');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type') ?? '' };
}

/** Requests as the demo users (JSON, urlencoded text, multipart) and the lookups the write tests share. */
export function writeClient(app: () => TestApp) {
  const demo = signInDemoUsers<{ data: Row } & Record<string, unknown>>(app);
  const as = async (who: Who) => (typeof who === 'string' ? demo.auth(who) : who);
  const send = async (method: string, url: string, json?: unknown, who: Who = 'editor') =>
    app().request(url, { method, ...(await as(who)), ...(json === undefined ? {} : { json }) });
  /** urlencoded form data, as written (repeated keys such as `labels[]=1&labels[]=2`). */
  const form = async (method: string, url: string, body: string, who: Who = 'editor') =>
    app().request(url, {
      method,
      ...(await as(who)),
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const upload = async (url: string, fields: [string, string | Blob, string?][], who: Who = 'editor') => {
    const { body, type } = await multipart(fields);
    return app().request(url, { method: 'POST', ...(await as(who)), body, headers: { 'content-type': type } });
  };
  const projectId = async (name: string, companyId?: number) => {
    const rows = await queryRows<{ id: number }>(
      app().database.system,
      sql`select p.id from projects p join companies c on c.id = p.company_id
        where p.name = ${name} and (${companyId ?? null}::int is null or c.id = ${companyId ?? null}::int)`,
    );
    if (!rows[0]) throw new Error(`no project ${name}`);
    return rows[0].id;
  };
  const lookup = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ id: number }>(app().database.system, query))[0]?.id as number;
  const labelId = (company: string, name: string) =>
    lookup(
      sql`select l.id from labels l join companies c on c.id = l.company_id where c.sub_domain = ${company} and l.name = ${name}`,
    );
  const accountId = (username: string) => lookup(sql`select id from accounts where username = ${username}`);
  const globex = async (): Promise<Who> => {
    const host = app().host('globex');
    return { token: await demo.token('globex-editor', host), host };
  };
  /** The editor on the acme customerportal host (holds every content permission, but not the platform). */
  const onPortal = async (): Promise<Who> => {
    const host = app().host('acme', 'customerportal');
    return { token: await demo.token('editor', host), host };
  };
  const setDeletedDaysAgo = (table: string, id: number, days: number) =>
    app().database.system.execute(
      sql`update ${sql.raw(table)} set deleted_at = now() - make_interval(days => ${days}) where id = ${id}`,
    );
  return { ...demo, send, form, upload, projectId, labelId, accountId, globex, onPortal, setDeletedDaysAgo };
}
