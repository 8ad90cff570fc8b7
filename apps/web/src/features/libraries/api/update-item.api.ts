import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ItemUpdate, updateItem } from '@/lib/api/resources/items/update-item.api.ts';
import { invalidateContent } from './invalidate-content.api.ts';

export function useUpdateItem(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemUpdate) => updateItem(id, body),
    onSuccess: () => invalidateContent(client),
  });
}
