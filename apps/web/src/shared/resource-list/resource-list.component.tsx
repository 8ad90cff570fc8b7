import { Group, Modal, SegmentedControl, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { hasPermission, type ListEndpoint } from '@meshport/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import { useAuth } from '@/lib/session/auth.context.ts';
import { banners, showBanner } from '../ui/banner.store.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.component.tsx';
import { ForbiddenView } from '../ui/forbidden.view.tsx';
import { Icon } from '../ui/icons.component.tsx';
import { PanelEmpty, PanelError } from '../ui/query-state.component.tsx';
import { outcomeBanners } from './action-outcome.logic.ts';
import { BulkActionsMenu } from './bulk-actions-menu.component.tsx';
import { DataTable, useResourceTable } from './data-table.component.tsx';
import { ListCards } from './list-cards.component.tsx';
import { ListFilters } from './list-filters.component.tsx';
import { ListPaginator } from './list-paginator.component.tsx';
import { buildListQuery, defaultSortOptions } from './list-query.logic.ts';
import { LIST_BANNER_LIFE_MS, SEARCH_DEBOUNCE_MS, type StateDefaults } from './list-state.logic.ts';
import classes from './resource-list.module.css';
import type {
  ActionResult,
  ActionReturn,
  BulkActionDeclaration,
  ListView,
  PageOf,
  ResourceListDeclaration,
  RowActionDeclaration,
  RowOf,
} from './resource-list.types.ts';
import { RowContextMenu, useRowContextMenu } from './row-context-menu.component.tsx';
import { hasRowActions, RowMenu } from './row-menu.component.tsx';
import { useListState } from './use-list-state.hook.ts';

export interface ResourceListProps<E extends ListEndpoint, R> {
  list: ResourceListDeclaration<E, R>;
  /** Path parameters of the list endpoint, if it has any. */
  params?: Record<string, string | number>;
  /** Buttons beside the list's controls (New Project, Filter …). */
  toolbar?: ReactNode;
  /** What a 403 shows instead of the list (the Forbidden page by default). */
  forbidden?: ReactNode;
  /** Called with each answered page (breadcrumbs from `meta_data`, headings …). */
  onPage?: (page: PageOf<E>) => void;
}

interface PendingConfirm {
  text: string;
  confirmLabel?: string;
  danger?: boolean;
  run: () => ActionReturn;
  successText?: (count: number) => string;
}

type SendList = (endpoint: ListEndpoint, input: unknown) => Promise<unknown>;

const VIEW_ICONS = { table: 'table', grid: 'layoutGrid', list: 'layoutList' } as const;

/**
 * One list of the app (every list of the product is a ResourceList): a declaration of the call,
 * columns or card fields, filters, sorts and actions. The key keeps each list's state apart when
 * the same screen shows another list.
 */
export function ResourceList<E extends ListEndpoint, R = RowOf<E>>(props: ResourceListProps<E, R>) {
  return <ResourceListBody key={props.list.id} {...props} />;
}

function ResourceListBody<E extends ListEndpoint, R>({
  list,
  params,
  toolbar,
  forbidden,
  onPage,
}: ResourceListProps<E, R>) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const scope = `list:${list.id}`;
  const may = (permission: string | undefined) =>
    permission === undefined || (user !== null && hasPermission(user, permission));

  const sorts = useMemo(
    () =>
      list.sorts ??
      defaultSortOptions((field, descending) =>
        t(`resourceList.sorts.${field}`, { context: descending ? 'desc' : 'asc' }),
      ),
    [list.sorts, t],
  );
  const defaults = useMemo<StateDefaults>(
    () => ({
      sort: list.defaultSort,
      perPage: list.perPage,
      view: list.views[0] ?? 'table',
      views: list.views,
      sorts: [list.defaultSort, ...sorts.map((sort) => sort.value), ...columnSorts(list.columns)],
      filters: Object.fromEntries((list.filters ?? []).map((filter) => [filter.name, filter.defaultValue ?? ''])),
    }),
    [list.defaultSort, list.perPage, list.views, list.columns, list.filters, sorts],
  );
  const { state, change, setPage, setView, reset, changed } = useListState(list.id, defaults);

  const [searchInput, setSearchInput] = useState(state.search);
  const debouncedSearch = useDebouncedCallback((search: string) => change({ search }), SEARCH_DEBOUNCE_MS);

  const listQuery = buildListQuery(list.query, state);
  const query = useQuery({
    queryKey: queryKey(list.resource, 'list', list.endpoint.path, params ?? null, listQuery),
    queryFn: ({ signal }) =>
      (call as unknown as SendList)(list.endpoint, { params, query: listQuery, signal }) as Promise<PageOf<E>>,
    placeholderData: keepPreviousData,
  });
  const page = query.data;
  // The latest callback, called once per answered page (an inline callback must not loop).
  const onPageRef = useRef(onPage);
  onPageRef.current = onPage;
  useEffect(() => {
    if (page) onPageRef.current?.(page);
  }, [page]);

  // A page past the end (rows deleted elsewhere) goes back to the last page.
  useEffect(() => {
    if (page && page.meta.last_page >= 1 && state.page > page.meta.last_page) setPage(page.meta.last_page);
  }, [page, state.page, setPage]);

  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const queryIdentity = JSON.stringify(listQuery);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query (page, sort, filter) clears the selection
  useEffect(() => setRowSelection({}), [queryIdentity]);

  const rows = (page?.data ?? []) as R[];
  const bulkActions = (list.bulkActions ?? []).filter((action) => may(action.permission));
  const rowActions = (list.rowActions ?? []).filter((action) => may(action.permission));
  const selectable = list.selectable ?? bulkActions.length > 0;
  const selected = rows.filter((row) => rowSelection[String(list.rowId(row))]);

  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);
  const [dialog, setDialog] = useState<BulkActionDeclaration<R> | null>(null);
  const [rowDialog, setRowDialog] = useState<{ action: RowActionDeclaration<R>; row: R } | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = (result: ActionResult, successText?: (count: number) => string) => {
    for (const banner of outcomeBanners(result, {
      successText,
      defaultSuccess: (count) => t('resourceList.doneCount', { count }),
      defaultFailure: (names) => t('resourceList.notDone', { names }),
    })) {
      showBanner({ ...banner, scope, life: list.bannerLife ?? LIST_BANNER_LIFE_MS });
    }
    setRowSelection({});
    for (const resource of [list.resource, ...(list.alsoRefreshes ?? [])]) {
      void queryClient.invalidateQueries({ queryKey: [resource] });
    }
  };
  const failed = (error: unknown) => {
    const text =
      error instanceof ApiError
        ? (error.body.message ?? Object.values(error.fieldErrors)[0]?.[0] ?? t('resourceList.actionFailed'))
        : t('resourceList.actionFailed');
    showBanner({ kind: 'failure', text, scope, life: list.bannerLife ?? LIST_BANNER_LIFE_MS });
  };
  const run = async (action: PendingConfirm['run'], successText?: (count: number) => string) => {
    setBusy(true);
    try {
      finish((await action()) ?? undefined, successText);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  // What opened a row action's confirmation or dialog (the row's menu button) gets the focus back
  // when it closes; Mantine's own return aims at the menu entry, which is gone by then.
  const returnFocus = useRef<HTMLElement | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (confirm !== null || rowDialog !== null || !returnFocus.current) return;
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target.isConnected) target.focus();
    else sectionRef.current?.querySelector<HTMLElement>('[data-row] a[href], [data-row] button')?.focus();
  }, [confirm, rowDialog]);

  const onRowAction = (action: RowActionDeclaration<R>, row: R, trigger: HTMLElement | null = null) => {
    if (action.dialog || action.confirm) returnFocus.current = trigger;
    if (action.dialog) {
      setRowDialog({ action, row });
      return;
    }
    if (!action.onClick) return;
    const click = () => action.onClick?.(row);
    if (action.confirm) {
      setConfirm({ text: action.confirm(row), confirmLabel: action.confirmLabel, danger: action.danger, run: click });
    } else void run(click);
  };
  const onBulkAction = (action: BulkActionDeclaration<R>) => {
    const chosen = selected;
    if (action.dialog) {
      setDialog(action);
      return;
    }
    if (!action.run) return;
    const go = () => action.run?.(chosen);
    if (action.confirm) {
      setConfirm({
        text: action.confirm(chosen.length),
        confirmLabel: action.confirmLabel,
        danger: action.danger,
        run: go,
        successText: action.successText,
      });
    } else void run(go, action.successText);
  };

  useEffect(() => () => banners.clear(scope), [scope]);

  const rowMenu =
    rowActions.length > 0
      ? (row: R) =>
          hasRowActions(row, rowActions) ? (
            <RowMenu row={row} name={list.rowLabel(row)} actions={rowActions} onAction={onRowAction} />
          ) : null
      : undefined;
  const contextMenu = useRowContextMenu<R>();
  const rowContextMenu =
    list.contextMenu && rowActions.length > 0
      ? (row: R) => (rowActions.some((action) => !action.hidden?.(row)) ? contextMenu.triggerProps(row) : undefined)
      : undefined;
  const table = useResourceTable<R>({
    rows,
    columns: list.columns ?? [],
    getRowId: list.rowId,
    sort: state.sort,
    defaultSort: list.defaultSort,
    onSortChange: (sort) => change({ sort }),
    selection: selectable ? { state: rowSelection, onChange: setRowSelection, rowLabel: list.rowLabel } : undefined,
    rowMenu,
    pageCount: page?.meta.last_page,
  });

  if (query.error instanceof ApiError && query.error.status === 403) return <>{forbidden ?? <ForbiddenView />}</>;

  const view: ListView = list.views.includes(state.view) ? state.view : (list.views[0] ?? 'table');
  const loading = query.isPending;
  const empty = !loading && !query.isError && rows.length === 0;

  return (
    <section aria-label={list.label} className={classes.list} ref={sectionRef}>
      <Group justify="space-between" mb="md" gap="sm">
        <Group gap="sm">
          {selectable && bulkActions.length > 0 && (
            <BulkActionsMenu
              actions={bulkActions}
              selected={selected}
              onAction={onBulkAction}
              onClear={() => setRowSelection({})}
            />
          )}
          {(list.searchable ?? true) && (
            <TextInput
              aria-label={t('resourceList.search')}
              placeholder={t('resourceList.searchPlaceholder')}
              leftSection={<Icon name="search" size={16} />}
              value={searchInput}
              type="search"
              onChange={(event) => {
                setSearchInput(event.currentTarget.value);
                debouncedSearch(event.currentTarget.value);
              }}
              w={260}
            />
          )}
        </Group>
        <Group gap="sm">
          {list.views.length > 1 && (
            <SegmentedControl
              aria-label={t('resourceList.view')}
              value={view}
              onChange={(value) => setView(value as ListView)}
              data={list.views.map((option) => ({
                value: option,
                label: (
                  <Group gap={6} wrap="nowrap">
                    <Icon name={VIEW_ICONS[option]} size={16} />
                    <VisuallyHidden>{t(`resourceList.views.${option}`)}</VisuallyHidden>
                  </Group>
                ),
              }))}
            />
          )}
          {toolbar}
        </Group>
      </Group>
      <ListFilters
        state={state}
        sorts={sorts}
        filters={list.filters ?? []}
        page={page}
        onChange={change}
        onReset={() => {
          setSearchInput('');
          reset();
        }}
        canReset={changed}
      />
      {query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : view === 'table' ? (
        <DataTable
          table={table}
          label={list.label}
          loading={loading}
          loadingRows={Math.min(state.perPage, 10)}
          loadingText={list.loadingText}
          empty={<PanelEmpty>{list.emptyText}</PanelEmpty>}
          rowContextMenu={rowContextMenu}
        />
      ) : empty ? (
        <PanelEmpty>{list.emptyText}</PanelEmpty>
      ) : list.card ? (
        <ListCards
          table={table}
          fields={list.card}
          layout={view}
          label={list.label}
          selectable={selectable}
          rowMenu={rowMenu}
          loading={loading}
          loadingCount={Math.min(state.perPage, 10)}
          loadingText={list.loadingText}
          contextMenu={rowContextMenu}
        />
      ) : null}
      {page && <ListPaginator meta={page.meta} onPage={setPage} />}
      {rowContextMenu && (
        <RowContextMenu
          request={contextMenu.request}
          rowLabel={list.rowLabel}
          actions={rowActions}
          onAction={(action, row) => onRowAction(action, row, contextMenu.request?.trigger ?? null)}
          onClose={contextMenu.close}
        />
      )}
      <ConfirmDialog
        opened={confirm !== null}
        text={confirm?.text ?? ''}
        confirmLabel={confirm?.confirmLabel}
        danger={confirm?.danger}
        loading={busy}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm) void run(confirm.run, confirm.successText);
        }}
      />
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.dialogTitle ?? dialog?.label}
        centered
        closeButtonProps={{ 'aria-label': t('resourceList.cancel') }}
      >
        {dialog?.dialog?.({
          selected,
          close: () => setDialog(null),
          done: (result) => {
            setDialog(null);
            finish(result, dialog.successText);
          },
        })}
      </Modal>
      <Modal
        opened={rowDialog !== null}
        onClose={() => setRowDialog(null)}
        title={rowDialog && (rowDialog.action.dialogTitle?.(rowDialog.row) ?? rowDialog.action.label)}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('resourceList.cancel') }}
      >
        {rowDialog?.action.dialog?.(rowDialog.row, {
          close: () => setRowDialog(null),
          done: (result) => {
            setRowDialog(null);
            finish(result);
          },
        })}
      </Modal>
    </section>
  );
}

function columnSorts<R>(columns: ResourceListDeclaration<ListEndpoint, R>['columns']): string[] {
  return (columns ?? []).flatMap((column) => (column.sortField ? [column.sortField, `-${column.sortField}`] : []));
}
