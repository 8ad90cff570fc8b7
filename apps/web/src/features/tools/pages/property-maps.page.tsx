import { Title } from '@mantine/core';
import { hasPermission } from '@meshport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { usePropertyMap } from '../api/get-property-map.api.ts';
import { useSavePropertyMap } from '../api/save-property-map.api.ts';
import { NamedRecordForm } from '../components/named-record-form.component.tsx';
import { propertyMapsListDeclaration } from '../components/tool-lists.declaration.tsx';
import { ToolEditPage, ToolListPage, useIdParam } from '../components/tool-page.component.tsx';

/** /tools/property-maps (hatch only, administration.md §2). */
export function PropertyMapsPage() {
  const { t, i18n } = useTranslation('tools');
  const user = useCurrentUser();
  const list = useMemo(
    () => propertyMapsListDeclaration(t, user, i18n.resolvedLanguage),
    [t, user, i18n.resolvedLanguage],
  );
  return (
    <ToolListPage
      title={t('propertyMaps.title')}
      newLabel={t('propertyMaps.new')}
      newPath={hasPermission(user, 'create-property-maps') ? paths.tools.propertyMaps.create() : null}
    >
      <ResourceList list={list} />
    </ToolListPage>
  );
}

/** /tools/property-maps/create. */
export function PropertyMapCreatePage() {
  const { t } = useTranslation('tools');
  const save = useSavePropertyMap(null);
  return (
    <>
      <Title order={1} mb="lg">
        {t('propertyMaps.create')}
      </Title>
      <NamedRecordForm
        texts="propertyMaps"
        withColor={false}
        listPath={paths.tools.propertyMaps.list()}
        save={({ name }) => save.mutateAsync({ name })}
      />
    </>
  );
}

/** /tools/property-maps/edit/{id}. */
export function PropertyMapEditPage() {
  const { t } = useTranslation('tools');
  const id = useIdParam();
  const propertyMap = usePropertyMap(id);
  const save = useSavePropertyMap(id);
  return (
    <ToolEditPage title={t('propertyMaps.edit')} query={propertyMap}>
      {(record) => (
        <NamedRecordForm
          key={record.updated_at}
          texts="propertyMaps"
          withColor={false}
          record={record}
          listPath={paths.tools.propertyMaps.list()}
          save={({ name }) => save.mutateAsync({ name })}
        />
      )}
    </ToolEditPage>
  );
}
