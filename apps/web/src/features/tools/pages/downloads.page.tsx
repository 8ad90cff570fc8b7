import { Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { useDownload } from '../api/get-download.api.ts';
import { DownloadForm } from '../components/download-form.component.tsx';
import { downloadsListDeclaration } from '../components/tool-lists.declaration.tsx';
import { ToolEditPage, ToolListPage, useIdParam } from '../components/tool-page.component.tsx';

/** /tools/downloads (administration.md §2): Download for everyone, New, Edit and Delete for admins. */
export function DownloadsPage() {
  const { t, i18n } = useTranslation('tools');
  const user = useCurrentUser();
  const list = useMemo(
    () => downloadsListDeclaration(t, user, i18n.resolvedLanguage),
    [t, user, i18n.resolvedLanguage],
  );
  return (
    <ToolListPage
      title={t('downloads.title')}
      newLabel={t('downloads.new')}
      newPath={user.admin ? paths.tools.downloads.create() : null}
    >
      <ResourceList list={list} />
    </ToolListPage>
  );
}

/** /tools/downloads/create (admins only). */
export function DownloadCreatePage() {
  const { t } = useTranslation('tools');
  return (
    <>
      <Title order={1} mb="lg">
        {t('downloads.create')}
      </Title>
      <DownloadForm />
    </>
  );
}

/** /tools/downloads/edit/{id} (admins only). */
export function DownloadEditPage() {
  const { t } = useTranslation('tools');
  const download = useDownload(useIdParam());
  return (
    <ToolEditPage title={t('downloads.edit')} query={download}>
      {(record) => <DownloadForm key={record.updated_at} record={record} />}
    </ToolEditPage>
  );
}
