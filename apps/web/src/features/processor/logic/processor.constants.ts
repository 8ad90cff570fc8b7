import { PROCESSOR_LIST_PER_PAGE } from '@meshport/contract';
import type { ListView } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';

/** content.md §9: 10 per page, newest first. */
export const PROCESSOR_PER_PAGE = PROCESSOR_LIST_PER_PAGE;
export const PROCESSOR_DEFAULT_SORT = '-created_at';
/** What the processor's links pass as navigation state (content.md §2). */
export const FROM_PROCESSOR = 'processor';

/** What the three tabs' lists share: cards, 10 newest first, 3 s banners, the context menu. */
export const PROCESSOR_LIST_DEFAULTS = {
  views: ['grid', 'list'] as ListView[],
  defaultSort: PROCESSOR_DEFAULT_SORT,
  perPage: PROCESSOR_PER_PAGE,
  bannerLife: SHORT_BANNER_LIFE_MS,
  contextMenu: true,
};
