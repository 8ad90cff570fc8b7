import { Checkbox, Skeleton, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  type ColumnDef,
  getCoreRowModel,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
  type Table as TanstackTable,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons.component.tsx';
import { type ColumnPriority, yieldHost, yieldOrder } from './column-yield.logic.ts';
import { columnSortDirection, nextColumnSort } from './list-query.logic.ts';
import classes from './resource-list.module.css';
import type { ResourceColumn } from './resource-list.types.ts';
import type { ContextMenuTriggerProps } from './row-context-menu.component.tsx';
import { useColumnYield } from './use-column-yield.hook.ts';
import { useRovingRows } from './use-roving-rows.hook.ts';

const SELECT_COLUMN = '_select';
const MENU_COLUMN = '_menu';

interface ColumnMeta {
  width?: number | string;
  sortField?: string;
  header?: string;
  /** Declared columns only (not the checkbox and menu columns, which never yield). */
  priority?: ColumnPriority;
  declared?: boolean;
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
      meta: {
        width: column.width,
        sortField: column.sortField,
        header: column.header,
        priority: column.priority,
        declared: true,
      } satisfies ColumnMeta,
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

/**
 * A header or cell definition rendered by calling it, not as a component (TanStack's flexRender):
 * the definitions are new functions on every render, and as components they would mount their
 * cells anew each time, taking the focus away from a row's link or menu button.
 */
function renderDef<P>(definition: ((props: P) => unknown) | string | undefined, props: P): ReactNode {
  return (typeof definition === 'function' ? definition(props) : definition) as ReactNode;
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
  /** No longer used: columns give way to the list's width instead of a scrolling table. */
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
  striped = false,
  rowContextMenu,
}: DataTableProps<R>) {
  const { t, i18n } = useTranslation();
  const meta = table.options.meta as TableMeta | undefined;
  const declared = table
    .getAllLeafColumns()
    .filter((column) => (column.columnDef.meta as ColumnMeta | undefined)?.declared)
    .map((column) => ({ id: column.id, priority: (column.columnDef.meta as ColumnMeta | undefined)?.priority }));
  const orderKey = yieldOrder(declared).join(' ');
  const order = useMemo(() => (orderKey ? orderKey.split(' ') : []), [orderKey]);
  const host = yieldHost(declared);
  // A new token whenever what decides the widths changes: the rows, the language, the columns.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the token's meaning
  const resetKey = useMemo(() => ({}), [table.options.data, i18n.language, orderKey, loading]);
  const { wrapRef, tableRef, hidden, squeezed } = useColumnYield(order, resetKey);
  const rovingRef = useRovingRows<HTMLElement>();
  const shown = (id: string) => !hidden.has(id);
  const columnCount = table.getVisibleLeafColumns().filter((column) => shown(column.id)).length;
  const rows = table.getRowModel().rows;
  return (
    <div ref={wrapRef} className={classes.tableWrap}>
      <Table
        ref={tableRef}
        className={squeezed ? classes.squeezed : undefined}
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
              {group.headers
                .filter((header) => shown(header.column.id))
                .map((header) => {
                  const columnMeta = header.column.columnDef.meta as ColumnMeta | undefined;
                  const sortField = columnMeta?.sortField;
                  const direction = header.column.getIsSorted();
                  const sortable = sortField !== undefined && meta?.onSortChange !== undefined;
                  return (
                    <Table.Th
                      key={header.id}
                      scope="col"
                      w={columnMeta?.width}
                      className={sortable ? classes.sortableHeader : undefined}
                      aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {sortable ? (
                        <UnstyledButton
                          className={classes.sortButton}
                          onClick={() => meta?.onSortChange?.(nextColumnSort(meta.sort, sortField, meta.defaultSort))}
                          aria-label={t('resourceList.sortBy', { column: columnMeta?.header ?? '' })}
                        >
                          {renderDef(header.column.columnDef.header, header.getContext())}
                          <Icon
                            name={direction === 'desc' ? 'chevronDown' : direction === 'asc' ? 'chevronUp' : 'selector'}
                            size={14}
                          />
                        </UnstyledButton>
                      ) : (
                        renderDef(header.column.columnDef.header, header.getContext())
                      )}
                    </Table.Th>
                  );
                })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody ref={rovingRef}>
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
              const cells = row.getAllCells();
              const yielded = cells.filter((cell) => hidden.has(cell.column.id));
              return (
                <Table.Tr
                  key={row.id}
                  data-row=""
                  className={clickable ? classes.clickableRow : undefined}
                  onClick={clickable ? () => onRowClick?.(row.original) : undefined}
                  data-selected={row.getIsSelected() || undefined}
                  {...rowContextMenu?.(row.original)}
                >
                  {row
                    .getVisibleCells()
                    .filter((cell) => shown(cell.column.id))
                    .map((cell) => (
                      <Table.Td key={cell.id}>
                        {renderDef(cell.column.columnDef.cell, cell.getContext())}
                        {cell.column.id === host && yielded.length > 0 && (
                          <dl className={classes.yielded}>
                            {yielded.map((other) => (
                              <div key={other.id}>
                                <dt>{(other.column.columnDef.meta as ColumnMeta | undefined)?.header}</dt>
                                <dd>{renderDef(other.column.columnDef.cell, other.getContext())}</dd>
                              </div>
                            ))}
                          </dl>
                        )}
                      </Table.Td>
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
    </div>
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
