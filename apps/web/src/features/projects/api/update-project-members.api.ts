import { projectEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

/** PATCH /projects/{id} with `users` alone: the members replace the current ones. */
export async function updateProjectMembers({ id, users }: { id: number; users: number[] }) {
  return (await call(projectEndpoints.update, { params: { id }, body: { users } })).data;
}

export function useUpdateProjectMembers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProjectMembers,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('projects') }),
  });
}
