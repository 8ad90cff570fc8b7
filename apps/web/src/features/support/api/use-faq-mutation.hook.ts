import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';

/** A FAQ write: every FAQ answer refreshes after it. */
export function useFaqMutation<V, A>(run: (values: V) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: queryKey('faq') }) });
}
