import { Group, Pagination, Text } from '@mantine/core';
import type { PaginationMeta } from '@meshport/contract';
import { useTranslation } from 'react-i18next';
import { paginatorVisible, showingRange } from './list-query.logic.ts';

interface ListPaginatorProps {
  meta: PaginationMeta;
  onPage: (page: number) => void;
}

/** 'Showing X to Y of Z' with previous and next, only when the answer has more than 3 links. */
export function ListPaginator({ meta, onPage }: ListPaginatorProps) {
  const { t } = useTranslation();
  if (!paginatorVisible(meta)) return null;
  const { key, ...range } = showingRange(meta);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t(key, range)}
      </Text>
      <Pagination
        total={meta.last_page}
        value={meta.current_page}
        onChange={onPage}
        size="sm"
        siblings={1}
        aria-label={t('resourceList.pagination')}
        getItemProps={(page) => ({ 'aria-label': t('resourceList.page', { page }) })}
        getControlProps={(control) => {
          if (control === 'previous') return { 'aria-label': t('resourceList.previous') };
          if (control === 'next') return { 'aria-label': t('resourceList.next') };
          if (control === 'first') return { 'aria-label': t('resourceList.first') };
          return { 'aria-label': t('resourceList.last') };
        }}
      />
    </Group>
  );
}
