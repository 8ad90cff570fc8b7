import { useQueryClient } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';

/** After a model write: the models, and the projects that list and count them. */
export function useRefreshModels() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: queryKey('models') });
    await client.invalidateQueries({ queryKey: queryKey('projects') });
  };
}
