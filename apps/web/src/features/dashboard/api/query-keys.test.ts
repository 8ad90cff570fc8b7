import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { myCompanyQueryKey } from '@/lib/api/resources/companies/get-my-company.api.ts';
import { autodeskAccountQueryKey } from '@/lib/api/resources/users/get-autodesk-account.api.ts';
import { recentProjectsQueryKey } from './get-recent-projects.api.ts';
import { releasedChangelogQueryKey } from './get-released-changelog.api.ts';
import { countQueryKey } from './get-resource-count.api.ts';

const KEYS: QueryKey[] = [
  countQueryKey('projects'),
  countQueryKey('libraries'),
  countQueryKey('models'),
  recentProjectsQueryKey(5),
  recentProjectsQueryKey(25),
  releasedChangelogQueryKey('acceptance'),
  autodeskAccountQueryKey(),
  myCompanyQueryKey(),
];

/** The keys marked stale by invalidating `resource`. */
async function invalidated(resource: string): Promise<QueryKey[]> {
  const client = new QueryClient();
  for (const key of KEYS) client.setQueryData(key, 1);
  await client.invalidateQueries({ queryKey: [resource], refetchType: 'none' });
  return KEYS.filter((key) => client.getQueryState(key)?.isInvalidated);
}

describe('dashboard query keys', () => {
  it('start with their resource, so that a write to it refreshes every screen', async () => {
    expect(await invalidated('projects')).toEqual([
      ['projects', 'count'],
      ['projects', 'recent', { perPage: 5 }],
      ['projects', 'recent', { perPage: 25 }],
    ]);
    expect(await invalidated('libraries')).toEqual([['libraries', 'count']]);
    expect(await invalidated('changelog')).toEqual([['changelog', 'released', { environment: 'acceptance' }]]);
    expect(await invalidated('tenant')).toEqual([['tenant', 'my-company']]);
    expect(await invalidated('session')).toHaveLength(1);
  });
});
