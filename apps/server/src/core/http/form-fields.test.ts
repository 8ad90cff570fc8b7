import { type ContentResource, defineEndpoint, formFlag, idRefList, previewImageField } from '@meshport/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installBodyParsers } from './body-parsers.ts';
import { installErrorHandler } from './error-handler.ts';
import { installFormFieldNesting, nestFormFields, sniffType } from './form-fields.ts';
import { registerMultipart } from './multipart.ts';
import { registerRoutes } from './register-routes.ts';
import { defineRoute } from './route.ts';

describe('nestFormFields', () => {
  it('nests bracketed keys into lists and objects', () => {
    expect(
      nestFormFields({
        'libraries[0][id]': '5',
        'libraries[1][id]': '7',
        action: 'delete',
        'labels[]': ['1', '2'],
        'meta[a][b]': 'x',
      }),
    ).toEqual({
      libraries: [{ id: '5' }, { id: '7' }],
      action: 'delete',
      labels: ['1', '2'],
      meta: { a: { b: 'x' } },
    });
  });

  it('keeps list order by index and drops gaps', () => {
    expect(nestFormFields({ 'items[2][id]': '3', 'items[0][id]': '1' })).toEqual({ items: [{ id: '1' }, { id: '3' }] });
  });

  it('refuses keys that climb into prototypes, huge indexes and contradicting paths', () => {
    for (const body of [
      { '__proto__[polluted]': 'yes' },
      { 'a[constructor][prototype]': 'x' },
      { 'items[99999][id]': '1' },
      { a: '1', 'a[b]': '2' },
      { 'a]b': '1' },
    ]) {
      expect(() => nestFormFields(body), JSON.stringify(body)).toThrow();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('sniffType', () => {
  it('judges images by their first bytes', () => {
    expect(sniffType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe('image/png');
    expect(sniffType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'application/octet-stream',
    );
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('form bodies and JSON reach a route in one shape; writes announce what they changed', () => {
  let app: FastifyInstance;
  let base: string;
  const announced: { companyId: number; resources: readonly ContentResource[] }[] = [];
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandler(app);
    installBodyParsers(app);
    await registerMultipart(app, { fileSize: 5 * 1024 * 1024, files: 2, fields: 100 });
    installFormFieldNesting(app);
    app.decorateRequest('actor', null);
    app.decorateRequest('tenant', null);
    // The company comes from the host in the product; here a header stands in for the tenant resolver.
    app.addHook('onRequest', async (request) => {
      const company = Number(request.headers['x-company']);
      if (company) (request as unknown as { tenant: unknown }).tenant = { company: { id: company } };
    });
    registerRoutes(
      app,
      [
        defineRoute(
          defineEndpoint({
            method: 'POST',
            path: '/things',
            summary: 'save',
            tags: [],
            body: z.object({
              labels: idRefList.optional(),
              archived: formFlag.optional(),
              image: previewImageField.optional(),
            }),
            answer: z.object({
              labels: z.array(z.number()).nullable(),
              archived: z.boolean().nullable(),
              image: z.string().nullable(),
            }),
          }),
          {
            access: 'public',
            changes: ['projects', 'models'],
            handler: async ({ body }) => ({
              labels: body.labels ?? null,
              archived: body.archived ?? null,
              image: body.image ? `${body.image.type} ${body.image.size}` : null,
            }),
          },
        ),
      ],
      { onChange: (companyId, resources) => announced.push({ companyId, resources }) },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v2/things`;
  });
  afterAll(() => app.close());

  it('reads labels[] from urlencoded, [{id}] from JSON, and flags from both', async () => {
    const form = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-company': '4' },
      body: 'labels[]=3&labels[]=5&archived=1',
    });
    expect(await form.json()).toEqual({ labels: [3, 5], archived: true, image: null });
    const json = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-company': '4' },
      body: JSON.stringify({ labels: [{ id: 3 }, 3, 8], archived: false }),
    });
    expect(await json.json()).toEqual({ labels: [3, 8], archived: false, image: null });
    expect(announced).toEqual([
      { companyId: 4, resources: ['projects', 'models'] },
      { companyId: 4, resources: ['projects', 'models'] },
    ]);
  });

  it('types a multipart file by its content, and refuses one whose content is no image', async () => {
    const good = new FormData();
    good.append('labels[0][id]', '2');
    good.append('image', new Blob([PNG], { type: 'text/plain' }), 'notes.txt');
    const accepted = await fetch(base, { method: 'POST', body: good });
    expect(await accepted.json()).toEqual({ labels: [2], archived: null, image: `image/png ${PNG.length}` });

    const bad = new FormData();
    bad.append('image', new Blob(['<svg onload="alert(1)"/>'], { type: 'image/png' }), 'x.png');
    const refused = await fetch(base, { method: 'POST', body: bad });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.image).toEqual([
      'File is of invalid type',
    ]);
  });

  it('announces nothing for a refused write', async () => {
    const before = announced.length;
    const response = await fetch(base, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-company': '4' },
      body: JSON.stringify({ archived: 'maybe' }),
    });
    expect(response.status).toBe(422);
    expect(announced.length).toBe(before);
  });
});
