import { Checkbox, Skeleton, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
  type Table as TanstackTable,
  useReactTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons.component.tsx';
import { columnSortDirection, nextColumnSort } from './list-query.logic.ts';
import classes from './resource-list.module.css';
import type { ResourceColumn } from './resource-list.types.ts';
import type { ContextMenuTriggerProps } from './row-context-menu.component.tsx';

const SELECT_COLUMN = '_select';
const MENU_COLUMN = '_menu';

interface ColumnMeta {
  width?: number | string;
  sortField?: string;
  header?: string;
}

export interface ResourceTableOptions<R> {
  rows: R[];
  columns: ResourceColumn<R>[];
  getRowId: (row: R) => string | number;
  /** The current API sort (`name`, `-updated_at`); column sorts change it. */
  sort?: string;
  defaultSort?: string;
  onSortChange?: (sort: string) => void;
  /** Checkboxes per row, with their selection state. */
  selection?: {
    state: RowSelectionState;
    onChange: OnChangeFn<RowSelectionState>;
    rowLabel: (row: R) => string;
  };
  /** The three-dot menu of a row. */
  rowMenu?: (row: R) => ReactNode;
  pageCount?: number;
}

/**
 * A TanStack Table instance for server-side lists: sorting, paging and selection are the
 * table's state, the rows are one answered page (manual sorting and pagination).
 */
export function useResourceTable<R>(options: ResourceTableOptions<R>): TanstackTable<R> {
  const { t } = useTranslation();
  const { selection, rowMenu, sort = '', defaultSort = '', onSortChange } = options;
  const columns: ColumnDef<R>[] = [];
  if (selection) {
    columns.push({
      id: SELECT_COLUMN,
      header: ({ table }) => (
        <Checkbox
          aria-label={t('resourceList.selectAll')}
          checked={table.getIsAllRowsSelected()}
          indeterminate={table.getIsSomeRowsSelected()}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={t('resourceList.selectRow', { name: selection.rowLabel(row.original) })}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
          onClick={(event) => event.stopPropagation()}
        />
      ),
      meta: { width: 40 } satisfies ColumnMeta,
    });
  }
  for (const column of options.columns) {
    columns.push({
      id: column.id,
      header: column.header,
      cell: ({ row }) => column.cell(row.original),
      enableSorting: column.sortField !== undefined,
      meta: { width: column.width, sortField: column.sortField, header: column.header } satisfies ColumnMeta,
    });
  }
  if (rowMenu) {
    columns.push({
      id: MENU_COLUMN,
      header: () => <VisuallyHidden>{t('resourceList.rowActions')}</VisuallyHidden>,
      cell: ({ row }) => rowMenu(row.original),
      meta: { width: 56 } satisfies ColumnMeta,
    });
  }
  const sorting: SortingState = [];
  for (const column of options.columns) {
    const direction = column.sortField ? columnSortDirection(sort, column.sortField) : false;
    if (direction) sorting.push({ id: column.id, desc: direction === 'desc' });
  }
  return useReactTable<R>({
    data: options.rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(options.getRowId(row)),
    manualSorting: true,
    manualPagination: true,
    pageCount: options.pageCount ?? -1,
    enableRowSelection: selection !== undefined,
    state: { sorting, rowSelection: selection?.state ?? {} },
    onRowSelectionChange: selection?.onChange,
    onSortingChange: () => {
      // Sorting is driven by the header buttons below (an API sort value), not by the table.
    },
    enableSortingRemoval: true,
    meta: { defaultSort, onSortChange, sort },
  });
}

interface TableMeta {
  sort: string;
  defaultSort: string;
  onSortChange?: (sort: string) => void;
}

interface DataTableProps<R> {
  table: TanstackTable<R>;
  /** Accessible name: a label, or the id of the heading that names the table. */
  label?: string;
  labelledBy?: string;
  loading?: boolean;
  loadingRows?: number;
  /** Visible text above the skeleton rows while loading ('Loading FAQ...'). */
  loadingText?: string;
  /** Shown in one full-width row when there are no rows. */
  empty?: ReactNode;
  footer?: ReactNode;
  onRowClick?: (row: R) => void;
  /** Which rows react to a click (all, by default, when `onRowClick` is set). */
  rowClickable?: (row: R) => boolean;
  minWidth?: number;
  striped?: boolean;
  /** Opens the context menu of a row (right-click, Shift+F10, ContextMenu key). */
  rowContextMenu?: (row: R) => ContextMenuTriggerProps | undefined;
}

/** Renders a TanStack table with Mantine's Table: sortable headers, checkboxes, row menus. */
export function DataTable<R>({
  table,
  label,
  labelledBy,
  loading = false,
  loadingRows = 3,
  loadingText,
  empty,
  footer,
  onRowClick,
  rowClickable = () => true,
  minWidth = 560,
  striped = false,
  rowContextMenu,
}: DataTableProps<R>) {
  const { t } = useTranslation();
  const meta = table.options.meta as TableMeta | undefined;
  const columnCount = table.getVisibleLeafColumns().length;
  const rows = table.getRowModel().rows;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped={striped}
        highlightOnHover
        verticalSpacing="sm"
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-busy={loading || undefined}
      >
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const columnMeta = header.column.columnDef.meta as ColumnMeta | undefined;
                const sortField = columnMeta?.sortField;
                const direction = header.column.getIsSorted();
                return (
                  <Table.Th
                    key={header.id}
                    scope="col"
                    w={columnMeta?.width}
                    aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {sortField && meta?.onSortChange ? (
                      <UnstyledButton
                        className={classes.sortButton}
                        onClick={() => meta.onSortChange?.(nextColumnSort(meta.sort, sortField, meta.defaultSort))}
                        aria-label={t('resourceList.sortBy', { column: columnMeta?.header ?? '' })}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <Icon
                          name={direction === 'desc' ? 'chevronDown' : direction === 'asc' ? 'chevronUp' : 'selector'}
                          size={14}
                        />
                      </UnstyledButton>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {loading && loadingText && (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>
                <Text size="sm" c="dimmed">
                  {loadingText}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {loading &&
            Array.from({ length: loadingRows }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Table.Tr key={index}>
                {Array.from({ length: columnCount }, (_, cell) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Table.Td key={cell}>
                    <Skeleton height={16} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {!loading && rows.length === 0 && empty !== undefined && (
            <Table.Tr>
              <Table.Td colSpan={columnCount}>{empty}</Table.Td>
            </Table.Tr>
          )}
          {!loading &&
            rows.map((row) => {
              const clickable = onRowClick !== undefined && rowClickable(row.original);
              return (
                <Table.Tr
                  key={row.id}
                  className={clickable ? classes.clickableRow : undefined}
                  onClick={clickable ? () => onRowClick?.(row.original) : undefined}
                  data-selected={row.getIsSelected() || undefined}
                  {...rowContextMenu?.(row.original)}
                >
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
        </Table.Tbody>
        {footer && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Td colSpan={columnCount}>{footer}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

interface ReadOnlyTableProps<R> extends Omit<DataTableProps<R>, 'table'> {
  rows: R[];
  columns: ResourceColumn<R>[];
  getRowId: (row: R) => string | number;
}

/** A table without selection or paging (dashboard, search results): the same columns and look. */
export function ReadOnlyTable<R>({ rows, columns, getRowId, ...rest }: ReadOnlyTableProps<R>) {
  const table = useResourceTable({ rows, columns, getRowId });
  return <DataTable table={table} {...rest} />;
}
