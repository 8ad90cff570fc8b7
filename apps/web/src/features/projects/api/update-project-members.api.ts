import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import { updateProject } from './update-project.api.ts';

/** PATCH /projects/{id} with `users` alone: the members replace the current ones. */
export async function updateProjectMembers({ id, users }: { id: number; users: number[] }) {
  return updateProject(id, { users });
}

export function useUpdateProjectMembers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProjectMembers,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('projects') }),
  });
}
