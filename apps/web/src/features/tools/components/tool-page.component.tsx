import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordEditPage } from '@/shared/ui/record-pages.component.tsx';

export { ListPage as ToolListPage, useIdParam } from '@/shared/ui/record-pages.component.tsx';

/** An edit screen of this area, with its 'Loading existing data...'. */
export function ToolEditPage<T>(props: {
  title: string;
  query: UseQueryResult<T>;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation('tools');
  return <RecordEditPage {...props} loadingText={t('form.loading')} />;
}
