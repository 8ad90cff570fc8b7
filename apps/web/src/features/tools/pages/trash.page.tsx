import { Stack, Tabs, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { BIN_TABS, type BinTabKey, binListDeclaration } from '../components/trash-lists.declaration.tsx';

const TAB_STORAGE_KEY = 'tools-trash:tab';

function storedTab(): BinTabKey {
  const stored = sessionStorage.getItem(TAB_STORAGE_KEY);
  return BIN_TABS.find((entry) => entry.key === stored)?.key ?? 'projects';
}

/** /tools/trash (administration.md §2): the six kinds of trashed entries, each with Restore. */
export function TrashPage() {
  const { t, i18n } = useTranslation('tools');
  const [active, setActive] = useState<BinTabKey>(storedTab);
  const spec = BIN_TABS.find((entry) => entry.key === active) ?? BIN_TABS[0];
  const list = useMemo(
    () => (spec ? binListDeclaration(t, spec, i18n.resolvedLanguage) : null),
    [t, spec, i18n.resolvedLanguage],
  );
  return (
    <Stack gap="lg">
      <Title order={1}>{t('trash.title')}</Title>
      <Tabs
        value={active}
        onChange={(value) => {
          const next = BIN_TABS.find((entry) => entry.key === value)?.key;
          if (!next) return;
          sessionStorage.setItem(TAB_STORAGE_KEY, next);
          setActive(next);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {BIN_TABS.map((entry) => (
            <Tabs.Tab key={entry.key} value={entry.key}>
              {t(`trash.tabs.${entry.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {BIN_TABS.map((entry) => (
          <Tabs.Panel key={entry.key} value={entry.key} pt="md">
            {entry.key === active && list && <ResourceList key={entry.key} list={list} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
