import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { PanelError } from '@/shared/ui/query-state.component.tsx';
import { throwIfMissing } from '@/shared/ui/record-pages.component.tsx';
import { useUndoAction } from '@/shared/ui/undo-action.hook.ts';
import { useLibraryHeader } from '../api/get-library.api.ts';
import { itemsListDeclaration } from '../components/items-list.declaration.tsx';
import { librariesListDeclaration } from '../components/libraries-list.declaration.ts';
import { LibraryBreadcrumbs } from '../components/library-breadcrumbs.component.tsx';
import { breadcrumbTrail, idParam, nameFromState } from '../logic/breadcrumbs.logic.ts';
import { defaultItemStatusFilter, libraryAbilities } from '../logic/platform-rules.logic.ts';

/**
 * /libraries and /libraries/{libraryId} (content.md §2): the sub-libraries and the items of a
 * library together, under its breadcrumbs; at the root the top-level libraries and the items
 * in no library, under 'Items' and the intro text.
 */
export function LibrariesPage() {
  const { t } = useTranslation('libraries');
  const user = useCurrentUser();
  const { platform } = useTenant();
  const location = useLocation();
  const id = idParam(useParams().libraryId);
  const header = useLibraryHeader(id);
  const abilities = useMemo(() => libraryAbilities(user, platform), [user, platform]);

  const undo = useUndoAction();
  const librariesList = useMemo(() => librariesListDeclaration(t, id, abilities, undo), [t, id, abilities, undo]);
  const itemsList = useMemo(
    () => itemsListDeclaration(t, id, abilities, defaultItemStatusFilter(platform), undo),
    [t, id, abilities, platform, undo],
  );

  throwIfMissing(header);
  if (header.isError) return <PanelError error={header.error} onRetry={() => void header.refetch()} />;

  // A library opened from search shows its name before its record has answered.
  const name = id === null ? t('rootHeading') : (header.data?.name ?? nameFromState(location.state));
  const trail = breadcrumbTrail(header.data?.meta_data?.breadcrumbs);
  // A library with no item anywhere under it (a new one) offers its first item under the empty list.
  const empty = id !== null && header.data?.indirect_items_count === 0 && abilities.editItems;

  return (
    <Stack gap="lg">
      {id !== null && trail.length > 0 && <LibraryBreadcrumbs trail={trail} />}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          {name === null ? <Skeleton height={34} width={240} /> : <Title order={1}>{name}</Title>}
          {id === null && <Text c="dimmed">{t('intro')}</Text>}
        </Stack>
        <Group gap="sm">
          {abilities.editItems && (
            <Button component={Link} to={paths.libraries.items.create(id ?? undefined)} variant="default">
              {t('importItems')}
            </Button>
          )}
          {abilities.editLibraries && (
            <Button component={Link} to={id === null ? paths.libraries.create() : paths.libraries.createSub(id)}>
              {t('newLibrary')}
            </Button>
          )}
        </Group>
      </Group>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('lists.libraries')}
        </Title>
        <ResourceList list={librariesList} />
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('lists.items')}
        </Title>
        <ResourceList list={itemsList} />
        {empty && (
          <Card withBorder radius="lg" padding="lg">
            <Group justify="space-between" align="center" gap="md">
              <Text size="sm" maw={520}>
                {t('firstItem.text')}
              </Text>
              <Button component={Link} to={paths.libraries.items.create(id ?? undefined)}>
                {t('firstItem.action')}
              </Button>
            </Group>
          </Card>
        )}
      </Stack>
    </Stack>
  );
}
