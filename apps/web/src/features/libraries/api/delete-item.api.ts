import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteItem } from '@/lib/api/resources/items/delete-item.api.ts';
import { invalidateContent } from './invalidate-content.api.ts';

export function useDeleteItem() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteItem, onSuccess: () => invalidateContent(client) });
}
