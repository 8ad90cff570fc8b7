import fastifyMultipart from '@fastify/multipart';
import { defineEndpoint } from '@meshport/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installBodyParsers } from './body-parsers.ts';
import { installErrorHandler } from './error-handler.ts';
import { plainJsonSerializer, registerRoutes } from './register-routes.ts';
import { defineRoute } from './route.ts';

describe('_method override', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandler(app);
    installBodyParsers(app);
    await app.register(fastifyMultipart, { attachFieldsToBody: 'keyValues' });
    app.decorateRequest('actor', null);
    app.decorateRequest('tenant', null);
    registerRoutes(app, [
      defineRoute(
        defineEndpoint({
          method: 'PATCH',
          path: '/things/:id',
          summary: 'update',
          tags: [],
          params: z.object({ id: z.coerce.number().int() }),
          body: z.object({ name: z.string().min(1, 'The name is required.') }),
          answer: z.object({ method: z.literal('PATCH'), id: z.number(), name: z.string() }),
        }),
        {
          access: 'public',
          handler: async ({ params, body }) => ({ method: 'PATCH' as const, id: params.id, name: body.name }),
        },
      ),
      defineRoute(
        defineEndpoint({
          method: 'DELETE',
          path: '/things/:id',
          summary: 'delete',
          tags: [],
          answer: z.object({ method: z.literal('DELETE') }),
        }),
        { access: 'signed-in', handler: async () => ({ method: 'DELETE' as const }) },
      ),
    ]);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => app.close());

  it('routes a JSON, urlencoded or multipart POST with _method=PATCH to the PATCH route, validated', async () => {
    const json = await fetch(`${base}/v2/things/7`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _method: 'PATCH', name: 'oak' }),
    });
    expect(await json.json()).toEqual({ method: 'PATCH', id: 7, name: 'oak' });
    const form = await fetch(`${base}/v2/things/8`, {
      method: 'POST',
      body: new URLSearchParams({ _method: 'patch', name: 'ash' }),
    });
    expect(await form.json()).toEqual({ method: 'PATCH', id: 8, name: 'ash' });
    const data = new FormData();
    data.set('_method', 'PATCH');
    data.set('name', 'elm');
    const multipart = await fetch(`${base}/v2/things/9`, { method: 'POST', body: data });
    expect(await multipart.json()).toEqual({ method: 'PATCH', id: 9, name: 'elm' });
    const invalid = await fetch(`${base}/v2/things/9`, {
      method: 'POST',
      body: new URLSearchParams({ _method: 'PATCH' }),
    });
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).errors.name).toEqual(['Invalid input: expected string, received undefined']);
  });

  it('applies the access rule of the target route, and refuses POST without _method', async () => {
    const del = await fetch(`${base}/v2/things/1`, {
      method: 'POST',
      body: new URLSearchParams({ _method: 'DELETE' }),
    });
    expect(del.status).toBe(401);
    const bare = await fetch(`${base}/v2/things/1`, { method: 'POST', body: new URLSearchParams({ name: 'x' }) });
    expect(bare.status).toBe(405);
  });
});

describe('answers checked against their endpoint (validateAnswers, on in every API test)', () => {
  const endpoint = defineEndpoint({
    method: 'GET',
    path: '/drift/:kind',
    summary: 'drift',
    tags: [],
    params: z.object({ kind: z.enum(['kept', 'drifted']) }),
    answer: z.object({ data: z.object({ name: z.string() }).strict() }),
  });

  async function appWith(validateAnswers: boolean) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(plainJsonSerializer);
    installErrorHandler(app);
    app.decorateRequest('actor', null);
    app.decorateRequest('tenant', null);
    const answers = { kept: { data: { name: 'oak' } }, drifted: { data: { name: 'oak', colour: 'brown' } } };
    registerRoutes(
      app,
      [
        defineRoute(endpoint, {
          access: 'public',
          // A handler whose answer left its schema: the cast stands for a change made elsewhere.
          handler: async ({ params }) => answers[params.kind] as { data: { name: string } },
        }),
      ],
      { validateAnswers },
    );
    await app.ready();
    return app;
  }

  it('fails a drifted answer with a message naming the field, and passes a kept one', async () => {
    const app = await appWith(true);
    expect((await app.inject('/v2/drift/kept')).json()).toEqual({ data: { name: 'oak' } });
    const drifted = await app.inject('/v2/drift/drifted');
    expect(drifted.statusCode).toBe(500);
    expect(drifted.json().message).toMatch(
      /GET \/drift\/:kind answered outside its schema: data: Unrecognized key: "colour"/,
    );
    await app.close();
  });

  it('sends the answer as it is when not checking (production)', async () => {
    const app = await appWith(false);
    expect((await app.inject('/v2/drift/drifted')).json()).toEqual({ data: { name: 'oak', colour: 'brown' } });
    await app.close();
  });
});
