import { Title } from '@mantine/core';
import { hasPermission } from '@meshport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { useLabel } from '../api/get-label.api.ts';
import { useSaveLabel } from '../api/save-label.api.ts';
import { NamedRecordForm } from '../components/named-record-form.component.tsx';
import { labelsListDeclaration } from '../components/tool-lists.declaration.tsx';
import { ToolEditPage, ToolListPage, useIdParam } from '../components/tool-page.component.tsx';

/** /tools/labels (administration.md §2). */
export function LabelsPage() {
  const { t, i18n } = useTranslation('tools');
  const user = useCurrentUser();
  const list = useMemo(() => labelsListDeclaration(t, user, i18n.resolvedLanguage), [t, user, i18n.resolvedLanguage]);
  return (
    <ToolListPage
      title={t('labels.title')}
      newLabel={t('labels.new')}
      newPath={hasPermission(user, 'create-labels') ? paths.tools.labels.create() : null}
    >
      <ResourceList list={list} />
    </ToolListPage>
  );
}

/** /tools/labels/create. */
export function LabelCreatePage() {
  const { t } = useTranslation('tools');
  const save = useSaveLabel(null);
  return (
    <>
      <Title order={1} mb="lg">
        {t('labels.create')}
      </Title>
      <NamedRecordForm texts="labels" withColor listPath={paths.tools.labels.list()} save={save.mutateAsync} />
    </>
  );
}

/** /tools/labels/edit/{id}. */
export function LabelEditPage() {
  const { t } = useTranslation('tools');
  const id = useIdParam();
  const label = useLabel(id);
  const save = useSaveLabel(id);
  return (
    <ToolEditPage title={t('labels.edit')} query={label}>
      {(record) => (
        <NamedRecordForm
          key={record.updated_at}
          texts="labels"
          withColor
          record={record}
          listPath={paths.tools.labels.list()}
          save={save.mutateAsync}
        />
      )}
    </ToolEditPage>
  );
}
