import { Card, Checkbox, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { Row, Table as TanstackTable } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../ui/icons.component.tsx';
import classes from './resource-list.module.css';
import type { CardFields } from './resource-list.types.ts';
import type { ContextMenuTriggerProps } from './row-context-menu.component.tsx';
import { linkProps } from './row-menu.component.tsx';
import { StatusBadge } from './status-badge.component.tsx';
import { useRovingRows } from './use-roving-rows.hook.ts';

interface ListCardsProps<R> {
  table: TanstackTable<R>;
  fields: CardFields<R>;
  layout: 'grid' | 'list';
  label: string;
  selectable: boolean;
  /** The three-dot menu of a row; null when the row has no action for this user. */
  rowMenu?: (row: R) => ReactNode;
  loading: boolean;
  loadingCount: number;
  /** Visible text while loading (the skeletons' label). */
  loadingText?: string;
  /** Opens the context menu of a card (right-click, Shift+F10, ContextMenu key). */
  contextMenu?: (row: R) => ContextMenuTriggerProps | undefined;
}

function Preview({ url, className }: { url: string | null | undefined; className: string }) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      {url ? (
        <img src={url} alt="" loading="lazy" />
      ) : (
        <Stack gap={4} align="center">
          <Icon name="photo" size={28} />
          <Text size="xs" aria-hidden="true">
            {t('resourceList.noPreview')}
          </Text>
        </Stack>
      )}
    </div>
  );
}

function CardBody<R>({ row, fields, layout }: { row: Row<R>; fields: CardFields<R>; layout: 'grid' | 'list' }) {
  const title = fields.title(row.original);
  const status = fields.status?.(row.original);
  const subtitle = fields.subtitle?.(row.original);
  const details = fields.details?.(row.original);
  const link = linkProps(fields.to(row.original));
  const image = fields.image?.(row.original);
  return (
    <>
      <Link to={link.to} state={link.state} className={classes.cardLink}>
        {layout === 'grid' ? (
          <Stack gap="xs">
            {fields.image && <Preview url={image} className={classes.cardImage ?? ''} />}
            <Text fw={600} className={classes.cardTitle} lineClamp={2} title={title}>
              {title}
            </Text>
          </Stack>
        ) : (
          <Group gap="md" wrap="nowrap">
            {fields.image && <Preview url={image} className={`${classes.cardImage} ${classes.listImage}`} />}
            <Text fw={600} className={classes.cardTitle} lineClamp={1} title={title}>
              {title}
            </Text>
          </Group>
        )}
      </Link>
      {(status || subtitle) && (
        <Group gap="xs" justify="space-between" wrap="wrap" mt={layout === 'grid' ? 'xs' : 0}>
          {subtitle !== undefined && (
            // Up to two lines, the whole text on hover: a category or 'Variant of …' is never cut silently.
            <Text
              size="sm"
              c="dimmed"
              lineClamp={2}
              component="div"
              className={classes.cardSubtitle}
              title={typeof subtitle === 'string' ? subtitle : undefined}
            >
              {subtitle}
            </Text>
          )}
          {status && <StatusBadge label={status.label} color={status.color} />}
        </Group>
      )}
      {details !== undefined && details !== null && (
        <Stack gap={2} mt={layout === 'grid' ? 'xs' : 0}>
          {details}
        </Stack>
      )}
    </>
  );
}

/** The grid and list views: one card per row, a link with a checkbox and a three-dot menu. */
export function ListCards<R>({
  table,
  fields,
  layout,
  label,
  selectable,
  rowMenu,
  loading,
  loadingCount,
  loadingText,
  contextMenu,
}: ListCardsProps<R>) {
  const { t } = useTranslation();
  const rovingRef = useRovingRows<HTMLElement>();
  const rows = table.getRowModel().rows;
  const cols = layout === 'grid' ? { base: 1, xs: 2, md: 3, lg: 4, xl: 5 } : { base: 1 };
  if (loading) {
    const skeletons = (
      <SimpleGrid
        cols={cols}
        spacing="md"
        aria-busy="true"
        role="status"
        aria-label={loadingText ?? t('resourceList.loading')}
      >
        {Array.from({ length: loadingCount }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} height={layout === 'grid' ? 220 : 72} radius="md" />
        ))}
      </SimpleGrid>
    );
    if (!loadingText) return skeletons;
    return (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" aria-hidden="true">
          {loadingText}
        </Text>
        {skeletons}
      </Stack>
    );
  }
  return (
    <SimpleGrid
      ref={rovingRef}
      cols={cols}
      spacing="md"
      component="ul"
      aria-label={label}
      style={{ listStyle: 'none', padding: 0 }}
    >
      {rows.map((row) => {
        const title = fields.title(row.original);
        const checkbox = selectable && (
          <Checkbox
            aria-label={t('resourceList.selectRow', { name: title })}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        );
        const menu = rowMenu?.(row.original) ?? null;
        return (
          <li key={row.id} data-row="">
            <Card
              withBorder
              radius="md"
              padding="sm"
              className={classes.card}
              data-selected={row.getIsSelected() || undefined}
              {...contextMenu?.(row.original)}
            >
              {layout === 'grid' ? (
                <>
                  {/* No empty strip above the preview when the card has neither checkbox nor menu. */}
                  {(checkbox || menu !== null) && (
                    <Group justify="space-between" mb="xs" wrap="nowrap" mih={28}>
                      {checkbox || <span />}
                      {menu}
                    </Group>
                  )}
                  <CardBody row={row} fields={fields} layout="grid" />
                </>
              ) : (
                <Group wrap="nowrap" gap="md">
                  {checkbox}
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <CardBody row={row} fields={fields} layout="list" />
                  </Stack>
                  {menu}
                </Group>
              )}
            </Card>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
