import {
  API_PREFIX,
  type BodyOf,
  type Endpoint,
  endpointPath,
  libraryEndpoints,
  libraryItemEndpoints,
  materialEndpoints,
  projectEndpoints,
} from '@meshport/contract';
import type { MixRequest, SampledRows } from './mix-reads.ts';
import type { Session } from './mix-sessions.ts';

/**
 * The writes of the mix: content saves and bulk actions, as editors make them between their
 * reads. Each kind names its contract endpoint and the list its records come from; bodies are
 * typed by the contract. Every write can be repeated any number of times (a description with a
 * counter, archive then activate again, a star on and off), so a long run leaves the data as it
 * found it, give or take descriptions.
 */
interface WriteKind<E extends Endpoint = Endpoint> {
  endpoint: E;
  name: string;
  /** The list whose rows it writes, and whether only an editor's hatch session makes it. */
  rowsFrom: string;
  platform: 'hatch' | 'customerportal';
  params: (row: Record<string, unknown>) => Record<string, unknown>;
  body: (n: number, rows: Record<string, unknown>[]) => BodyOf<E>;
}

const described = (n: number) => `Edited during the mixed load (${n}).`;

function kind<E extends Endpoint>(write: WriteKind<E>): WriteKind {
  return write as unknown as WriteKind;
}

const WRITE_KINDS: WriteKind[] = [
  kind({
    endpoint: libraryItemEndpoints.update,
    name: 'libraryItemEndpoints.update',
    rowsFrom: '/libraries/items',
    platform: 'hatch',
    params: (row) => ({ id: row.id }),
    body: (n) => ({ description: described(n) }),
  }),
  kind({
    endpoint: libraryItemEndpoints.bulk,
    name: 'libraryItemEndpoints.bulk',
    rowsFrom: '/libraries/items',
    platform: 'hatch',
    params: () => ({}),
    // Archive three items, then activate the same three on the next turn.
    body: (n, rows) => ({
      items: [0, 1, 2].map((i) => ({ id: Number(rows[(8 + (Math.floor(n / 2) % 10) * 3 + i) % rows.length]?.id) })),
      action: n % 2 === 0 ? ('archive' as const) : ('activate' as const),
    }),
  }),
  kind({
    endpoint: projectEndpoints.update,
    name: 'projectEndpoints.update',
    rowsFrom: '/projects',
    platform: 'hatch',
    params: (row) => ({ id: row.id }),
    body: (n) => ({ description: described(n) }),
  }),
  kind({
    endpoint: libraryEndpoints.update,
    name: 'libraryEndpoints.update',
    rowsFrom: '/libraries',
    platform: 'hatch',
    params: (row) => ({ id: row.id }),
    body: (n) => ({ description: described(n) }),
  }),
  kind({
    endpoint: materialEndpoints.update,
    name: 'materialEndpoints.update',
    rowsFrom: '/materials',
    platform: 'hatch',
    params: (row) => ({ name: row.name }),
    body: (n) => ({ description: described(n) }),
  }),
  kind({
    endpoint: projectEndpoints.favorite,
    name: 'projectEndpoints.favorite',
    rowsFrom: '/projects',
    platform: 'customerportal',
    params: (row) => ({ id: row.id }),
    body: (n) => ({ is_favorited: n % 2 === 0 }),
  }),
];

/** Makes the next write of a session that may write, or null when it may make none. */
export type WriteMaker = (n: number) => MixRequest;

export function writeMakers(session: Session, rows: SampledRows): { name: string; make: WriteMaker }[] {
  const editor = session.role.startsWith('editor');
  return WRITE_KINDS.filter((write) => editor && write.platform === session.platform)
    .map((write) => ({ write, source: rows.get(write.rowsFrom) ?? [] }))
    .filter(({ source }) => source.length >= 8)
    .map(({ write, source }) => ({
      name: write.name,
      make: (n: number): MixRequest => {
        const row = source[n % 8] as Record<string, unknown>;
        return {
          call: write.name,
          session,
          method: write.endpoint.method,
          url: `${API_PREFIX}${endpointPath(write.endpoint.path, write.params(row))}`,
          body: JSON.stringify(write.body(n, source)),
          write: true,
          weight: 1,
        };
      },
    }));
}
