import type { QueryClient } from '@tanstack/react-query';

/**
 * A write to a library or an item changes both lists (counts, memberships, breadcrumbs):
 * everything cached under either resource is refreshed.
 */
export async function invalidateContent(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['libraries'] }),
    client.invalidateQueries({ queryKey: ['items'] }),
  ]);
}
