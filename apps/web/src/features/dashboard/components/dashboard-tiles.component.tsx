import {
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { type AuthUser, hasPermission } from '@meshport/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/i18n/format.ts';
import { Icon, type IconName } from '@/shared/ui/icons.component.tsx';
import { useErrorText } from '@/shared/ui/query-state.component.tsx';
import { type CountResource, useResourceCount } from '../api/get-resource-count.api.ts';
import { tileNote } from '../logic/tile-counts.logic.ts';

interface TileDefinition {
  resource: CountResource;
  permission: string;
  icon: IconName;
}

/** shell.md §2: total projects, libraries and models, each only with its permission. */
export const TILES: readonly TileDefinition[] = [
  { resource: 'projects', permission: 'view-projects', icon: 'folder' },
  { resource: 'libraries', permission: 'list-libraries', icon: 'books' },
  { resource: 'models', permission: 'list-project-models', icon: 'cube' },
];

export function visibleTiles(user: Pick<AuthUser, 'admin' | 'abilities'>): TileDefinition[] {
  return TILES.filter((tile) => hasPermission(user, tile.permission));
}

function Tile({ tile }: { tile: TileDefinition }) {
  const { t } = useTranslation('dashboard');
  const count = useResourceCount(tile.resource);
  const errorText = useErrorText(count.error);
  const label = t(`tiles.${tile.resource}`);
  const note = count.data ? tileNote(tile.resource, count.data) : null;

  let value: ReactNode;
  if (count.isPending)
    value = (
      <>
        <Skeleton height={36} width={72} radius="sm" mt={4} />
        <VisuallyHidden>{t('tiles.loading', { label })}</VisuallyHidden>
      </>
    );
  else if (count.isError)
    value = (
      <Tooltip label={errorText}>
        <UnstyledButton onClick={() => void count.refetch()} aria-label={t('tiles.failed', { label })}>
          <Group gap={6} c="red.8">
            <Icon name="alert" size={18} />
            <Text size="sm" fw={600}>
              {t('tiles.retry')}
            </Text>
          </Group>
        </UnstyledButton>
      </Tooltip>
    );
  else
    value = (
      <Text fz={32} fw={700} lh={1.1}>
        {formatNumber(count.data.total)}
      </Text>
    );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {value}
          {note && (
            <Text size="xs" c="dimmed">
              {t(note.key, {
                count: note.values.count,
                countText: formatNumber(note.values.count),
                listed: formatNumber(note.values.listed),
              })}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color="brand" aria-hidden="true">
          <Icon name={tile.icon} size={24} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export function DashboardTiles({ user }: { user: AuthUser }) {
  const tiles = visibleTiles(user);
  if (tiles.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: tiles.length }} spacing="lg">
      {tiles.map((tile) => (
        <Tile key={tile.resource} tile={tile} />
      ))}
    </SimpleGrid>
  );
}
