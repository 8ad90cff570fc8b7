import { Anchor, Badge, Card, ColorSwatch, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import type { AuthUser, PlatformKey, SearchCategory, SearchResult } from '@meshport/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { rowTarget, viewAllTarget } from '../logic/search-targets.logic.ts';
import classes from './search.module.css';

const COLUMNS = 3;

/** The header of the secondary column: what `description` holds for the category. */
function secondaryHeader(category: SearchCategory): string {
  if (category === 'users') return 'columns.email';
  if (category === 'downloads') return 'columns.extension';
  if (category === 'labels') return 'columns.color';
  return 'columns.description';
}

function Secondary({ category, value }: { category: SearchCategory; value: string | null }) {
  if (!value) return null;
  if (category === 'labels') {
    return (
      <Group gap={6} wrap="nowrap">
        <ColorSwatch color={value} size={14} aria-hidden="true" />
        <Text size="sm">{value}</Text>
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed" lineClamp={1}>
      {value}
    </Text>
  );
}

interface SearchResultsTableProps {
  category: SearchCategory;
  rows: SearchResult[] | undefined;
  user: Pick<AuthUser, 'admin' | 'abilities'>;
  platform: PlatformKey;
}

/** One category's results (up to 25) with its 'View All' row (shell.md §2). */
export function SearchResultsTable({ category, rows, user, platform }: SearchResultsTableProps) {
  const { t, i18n } = useTranslation('search');
  const navigate = useNavigate();
  const headingId = useId();
  const viewAll = viewAllTarget(category, platform);
  const loading = rows === undefined;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Group gap="sm" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          {t(`categories.${category}`)}
        </Title>
        {!loading && (
          <Badge variant="light" color="gray" c="dark" aria-label={t('resultCount', { count: rows.length })}>
            {rows.length}
          </Badge>
        )}
      </Group>
      <Table.ScrollContainer minWidth={520}>
        <Table highlightOnHover verticalSpacing="xs" aria-labelledby={headingId} aria-busy={loading || undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w="40%">
                {t('columns.name')}
              </Table.Th>
              <Table.Th scope="col">{t(secondaryHeader(category))}</Table.Th>
              <Table.Th scope="col" w={200}>
                {t('columns.updated')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading &&
              [0, 1, 2].map((index) => (
                <Table.Tr key={index}>
                  {[0, 1, 2].map((cell) => (
                    <Table.Td key={cell}>
                      <Skeleton height={16} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {!loading && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Text size="sm" c="dimmed">
                    {t('noResults')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows?.map((row) => {
              const target = rowTarget(category, row, user);
              return (
                <Table.Tr
                  key={row.id}
                  className={target ? classes.clickable : undefined}
                  onClick={target ? () => void navigate(target.to, { state: target.state }) : undefined}
                >
                  <Table.Td fw={600}>
                    {target ? (
                      <Anchor
                        component={Link}
                        to={target.to}
                        state={target.state}
                        onClick={(event) => event.stopPropagation()}
                        fw={600}
                        size="sm"
                      >
                        {row.name}
                      </Anchor>
                    ) : (
                      row.name
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Secondary category={category} value={row.description} />
                  </Table.Td>
                  <Table.Td>
                    <Text component="time" dateTime={row.updated_at} size="sm" className={classes.nowrap}>
                      {new Date(row.updated_at).toLocaleString(i18n.resolvedLanguage, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Td colSpan={COLUMNS}>
                {viewAll ? (
                  <Anchor component={Link} to={viewAll} size="sm" fw={600}>
                    {t('viewAll')}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed" fw={600}>
                    {t('viewAll')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
