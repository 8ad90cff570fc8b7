import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { hasPermission } from '@meshport/contract';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { useUndoAction } from '@/shared/ui/undo-action.hook.ts';
import { itemsListDeclaration } from '../components/items-list.declaration.tsx';
import { LiveStatus } from '../components/live-status.component.tsx';
import { materialsListDeclaration } from '../components/materials-list.declaration.tsx';
import { modelsListDeclaration } from '../components/models-list.declaration.tsx';
import { useLiveList } from '../hooks/use-live-list.hook.ts';
import { FROM_PROCESSOR } from '../logic/processor.constants.ts';
import { type ProcessorTab, stateWithTab, tabFromState, visibleTabs } from '../logic/processor-tabs.logic.ts';

function ModelsTab() {
  const { t } = useTranslation('processor');
  const undo = useUndoAction();
  useLiveList('project_model');
  const list = useMemo(() => modelsListDeclaration(t, undo), [t, undo]);
  return <ResourceList list={list} />;
}

function ItemsTab() {
  const { t } = useTranslation('processor');
  const undo = useUndoAction();
  useLiveList('library_item');
  const list = useMemo(() => itemsListDeclaration(t, undo), [t, undo]);
  return <ResourceList list={list} />;
}

function MaterialsTab() {
  const { t } = useTranslation('processor');
  const undo = useUndoAction();
  const list = useMemo(() => materialsListDeclaration(t, undo), [t, undo]);
  return <ResourceList list={list} />;
}

const PANELS: Record<ProcessorTab, () => ReactNode> = {
  models: () => <ModelsTab />,
  items: () => <ItemsTab />,
  materials: () => <MaterialsTab />,
};

/**
 * /processor (content.md §2): models, items and materials as cards with their processing state,
 * live (§4). The opening tab comes from the navigation state (`{ tab: 1 }`); a chosen tab is
 * written back into the history state, so that a reload keeps it.
 */
export function ProcessorPage() {
  const { t } = useTranslation('processor');
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const may = (permission: string) => hasPermission(user, permission);
  const tabs = visibleTabs(may);
  const tab = tabFromState(location.state, tabs);

  const choose = (next: string | null) => {
    const chosen = tabs.find((candidate) => candidate === next);
    if (!chosen || chosen === tab) return;
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: stateWithTab(location.state, chosen),
    });
  };

  const actions: ReactNode[] = [];
  if (tab === 'models' && may('create-project-models')) {
    actions.push(
      <Button
        key="new-model"
        component={Link}
        to={paths.projects.models.create()}
        state={FROM_PROCESSOR}
        leftSection={<Icon name="plus" />}
      >
        {t('actions.newModel')}
      </Button>,
    );
  }
  if (tab === 'items' && may('update-library-items')) {
    actions.push(
      <Button
        key="import-item"
        component={Link}
        to={paths.libraries.items.create()}
        state={FROM_PROCESSOR}
        leftSection={<Icon name="upload" />}
      >
        {t('actions.import')}
      </Button>,
    );
  }
  if (tab === 'materials' && may('update-materials')) {
    actions.push(
      <Button
        key="import-material"
        variant="default"
        component={Link}
        to={paths.materials.import()}
        state={FROM_PROCESSOR}
      >
        {t('actions.import')}
      </Button>,
      <Button
        key="new-material"
        component={Link}
        to={paths.materials.create()}
        state={FROM_PROCESSOR}
        leftSection={<Icon name="plus" />}
      >
        {t('actions.newMaterial')}
      </Button>,
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Title order={1}>{t('heading')}</Title>
        {actions.length > 0 && <Group gap="sm">{actions}</Group>}
      </Group>
      <LiveStatus />
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((name) => (
          <Tabs.Panel key={name} value={name}>
            {PANELS[name]()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
