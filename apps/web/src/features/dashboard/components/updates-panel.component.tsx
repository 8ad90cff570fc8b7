import { Card, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { ChangelogItem } from '@meshport/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { ChangelogEntryModal, ChangelogTypeBadge } from '@/shared/ui/changelog-entry.component.tsx';
import { PanelEmpty, QueryState, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useReleasedChangelog } from '../api/get-released-changelog.api.ts';
import { asEnvironment, formatDay } from '../logic/changelog.logic.ts';
import classes from './dashboard.module.css';

/** Spec: the Updates panel's scroll area is at most 320 px high (administration.md §9). */
const UPDATES_MAX_HEIGHT = 320;

/** Changelog entries released in this environment, grouped by date (administration.md Updates panel). */
export function UpdatesPanel() {
  const { t, i18n } = useTranslation('dashboard');
  const environment = asEnvironment(useTenant().environment);
  const headingId = useId();
  const [selected, setSelected] = useState<{ item: ChangelogItem; date: string } | null>(null);
  const query = useReleasedChangelog(environment);

  return (
    <Card withBorder radius="lg" padding="lg" h="100%" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="md">
        {t('updates.title')}
      </Title>
      <QueryState
        query={query}
        loading={<SkeletonRows rows={5} label={t('updates.loading')} />}
        isEmpty={(days) => days.length === 0}
        empty={<PanelEmpty>{t('updates.empty')}</PanelEmpty>}
      >
        {(days) => (
          <ScrollArea.Autosize mah={UPDATES_MAX_HEIGHT} type="auto" offsetScrollbars>
            <Stack gap="md">
              {days.map((day) => {
                const dayLabel = formatDay(day.date, i18n.resolvedLanguage);
                return (
                  <div key={day.date}>
                    <Title order={3} size="h6" c="dimmed" mb={4}>
                      <time dateTime={day.date}>{dayLabel}</time>
                    </Title>
                    <ul className={classes.updateList}>
                      {day.items.map((item) => (
                        <li key={item.id}>
                          <UnstyledButton
                            className={classes.updateEntry}
                            onClick={() => setSelected({ item, date: dayLabel })}
                            aria-haspopup="dialog"
                          >
                            <ChangelogTypeBadge type={item.type} />
                            <Text size="sm" lineClamp={1}>
                              {item.description}
                            </Text>
                          </UnstyledButton>
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </QueryState>
      <ChangelogEntryModal
        item={selected?.item ?? null}
        title={selected ? t('updates.modalTitle', { date: selected.date }) : ''}
        onClose={() => setSelected(null)}
      />
    </Card>
  );
}
