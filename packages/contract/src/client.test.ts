import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, type ApiRequest, createClient, endpointUrl } from './client.ts';
import { defineEndpoint, defineListEndpoint } from './endpoint.ts';
import { idParamsSchema } from './ids.ts';

const things = defineListEndpoint({
  path: '/things',
  summary: 'Things',
  tags: ['things'],
  row: z.object({ id: z.number(), name: z.string() }),
  sorts: ['name'],
  filters: { search: z.string() },
  extraQuery: { include_archived: z.enum(['1', '0']) },
});
const rename = defineEndpoint({
  method: 'PATCH',
  path: '/things/:id',
  summary: 'Rename',
  tags: ['things'],
  params: idParamsSchema,
  body: z.object({ name: z.string() }),
  answer: z.object({ data: z.object({ id: z.number(), name: z.string() }) }),
});

function recording(answer: { status: number; body: unknown }) {
  const sent: ApiRequest[] = [];
  const client = createClient(async (request) => {
    sent.push(request);
    return answer;
  });
  return { sent, client };
}

describe('the typed client', () => {
  it('builds the URL from the path, the params and a list query as the list engine reads it', () => {
    expect(endpointUrl(rename, { params: { id: 7 } })).toBe('/v2/things/7');
    const url = endpointUrl(things, {
      query: {
        per_page: 5,
        sort: '-name',
        filter: { search: 'oak & ash' },
        included_fields: ['id', 'name'],
        include_archived: true,
      },
    });
    expect(url).toBe(
      '/v2/things?per_page=5&sort=-name&filter%5Bsearch%5D=oak+%26+ash&included_fields=id%2Cname&include_archived=1',
    );
  });

  it('percent-encodes path values, so a name cannot reach another path', () => {
    const byName = defineEndpoint({
      method: 'GET',
      path: '/materials/:name',
      summary: 'One',
      tags: [],
      params: z.object({ name: z.string() }),
      answer: z.object({}),
    });
    expect(endpointUrl(byName, { params: { name: '../admin/users?x=1' } })).toBe(
      '/v2/materials/..%2Fadmin%2Fusers%3Fx%3D1',
    );
  });

  it('sends the method and the body, and resolves with the answer', async () => {
    const { sent, client } = recording({ status: 200, body: { data: { id: 7, name: 'elm' } } });
    const answer = await client.call(rename, { params: { id: 7 }, body: { name: 'elm' } });
    expect(answer.data.name).toBe('elm');
    expect(sent).toEqual([{ method: 'PATCH', url: '/v2/things/7', body: { name: 'elm' }, signal: undefined }]);
  });

  it('rejects outside 2xx with ApiError carrying the status and the messages per field', async () => {
    const { client } = recording({
      status: 422,
      body: { message: 'The name is required.', errors: { name: ['The name is required.'] } },
    });
    const failure = await client
      .call(rename, { params: { id: 7 }, body: { name: '' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(422);
    expect((failure as ApiError).fieldErrors).toEqual({ name: ['The name is required.'] });
  });

  it('counts a list with count=1 and refuses an answer without a count', async () => {
    const { sent, client } = recording({ status: 200, body: { data: { count: 12 } } });
    expect(await client.count(things, { query: { filter: { search: 'x' } } })).toBe(12);
    expect(sent[0]?.url).toBe('/v2/things?filter%5Bsearch%5D=x&count=1');
    const wrong = recording({ status: 200, body: { data: [] } });
    await expect(wrong.client.count(things)).rejects.toBeInstanceOf(ApiError);
  });
});
