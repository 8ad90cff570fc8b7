import { MAX_PER_PAGE } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import type { CategoryNode } from '../logic/category-tree.logic.ts';
import { fetchCategories } from './get-categories.api.ts';

/** Most pages the pickers read (MAX_PER_PAGE each): a company's whole category tree. */
const MAX_PAGES = 50;

/** Every live category as id, name and parent, for the category and parent pickers. */
export async function fetchAllCategories(signal?: AbortSignal): Promise<CategoryNode[]> {
  const nodes: CategoryNode[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await fetchCategories(
      { page, per_page: MAX_PER_PAGE, sort: 'name', included_fields: ['id', 'name', 'parent_id'] },
      signal,
    );
    nodes.push(...answer.data.map(({ id, name, parent_id }) => ({ id, name, parent_id })));
    if (page >= answer.meta.last_page) break;
  }
  return nodes;
}

export function useAllCategories() {
  return useQuery({ queryKey: queryKey('categories', 'all'), queryFn: ({ signal }) => fetchAllCategories(signal) });
}
