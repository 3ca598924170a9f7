/**
 * ResourcePage renders any ResourceDef: search form, toolbar, table with server-side paging and
 * sorting, row and batch actions, add/edit dialog, detail drawer. Access is checked here, against the
 * operator's resource list (useCan), not in each page (react-admin's idea, architecture.md).
 * Pages pass overrides for what their definition cannot say.
 */
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { ResourceDef } from '@payops/contracts/resource';
import type { ExportFormat } from '@payops/contracts/resource-schemas';
import { listedFields, scopedFilterFields } from '@payops/contracts/scope';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import type { TableProps } from 'antd/es/table';
import Table from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import { lazy, memo, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../lib/confirm.tsx';
import { useCan } from '../lib/permissions.tsx';
import { toast } from '../lib/toast.ts';
import { createRunner } from './action-runner.ts';
import { buildColumns, sortOfSorter } from './columns.tsx';
import { type DetailHandle, DetailHost } from './detail-host.tsx';
import './engine.css';
import './engine-messages.ts';
import { exportList } from './export-file.ts';
import { toFilters } from './filter-values.ts';
import { KeysetNav, tablePagination, totalText, useListPager } from './keyset-pager.tsx';
import { useRefreshResource, useResourceList } from './resource-api.ts';
import { useResourceLabels } from './resource-labels.ts';
import { RowActions, rowActionsOf } from './row-actions.tsx';
import { SearchForm } from './search-form.tsx';
import { TableSettingsButtons, useTableSettings } from './table-settings.tsx';
import type { Filters, FormMode, PageContext, ResourceOverrides, Row, SortState } from './types.ts';
import { useUrlListState } from './url-filters.ts';

// Not on a list's first screen, so loaded on first use (performance.md: each page ≤ 160 KB gzip):
// the add/edit dialog with its form inputs and rules, and the error view.
const loadFormDialog = () => import('./form-dialog.tsx');
const FormDialog = lazy(() => loadFormDialog().then((m) => ({ default: m.FormDialog })));
const LoadFailed = lazy(() => import('./load-failed.tsx'));
const NO_OVERRIDES: ResourceOverrides = {};
const NO_FILTERS: Filters = {};
const NO_ROWS: Row[] = [];
const SCROLL = { x: 'max-content' } as const;

/**
 * antd's Table draws every cell again each time it renders (it counts its renders into rc-table's
 * change mark), and a page renders often for things the table does not show: a search starting, a
 * dialog, a selection elsewhere. Memoized with props that change only with what it shows, it
 * renders when its rows, columns, selection or paging change (performance.md, INP: a search
 * held the page 250-370 ms drawing the same rows). Its loading spinner is around it, not a prop.
 */
const ListTable = memo(Table<Row>);

/** A click on a row opens its detail, unless it was on something of its own (a link, a button, a box). */
function isRowClick(e: React.MouseEvent): boolean {
  const target = e.target as HTMLElement;
  if (window.getSelection()?.toString()) return false;
  return !target.closest(
    'a, button, input, label, [role="button"], [role="menuitem"], .ant-checkbox-wrapper, .ant-table-selection-column, .ant-dropdown',
  );
}

export function ResourcePage({
  def,
  overrides = NO_OVERRIDES,
}: {
  def: ResourceDef;
  overrides?: ResourceOverrides;
}) {
  useResourceLabels(def);
  const { t, i18n } = useTranslation();
  const can = useCan();
  const [confirm, modalHolder] = useConfirm();
  const paging = useListPager(def.pageSize);
  const fixed = overrides.fixedFilters ?? NO_FILTERS;
  // What the page's scope decides is not offered (scope.ts), nor what the page fixes.
  const filterFields = useMemo(() => scopedFilterFields(def).filter((f) => !(f.name in fixed)), [def, fixed]);
  const url = useUrlListState(def, (state) => {
    setUrlValues(state.values);
    setSearchKey((k) => k + 1);
    setFilters(toFilters(filterFields, state.values));
    paging.reset();
    detail.current?.showKey(state.detail);
  });
  const [urlValues, setUrlValues] = useState(url.values);
  const [searchKey, setSearchKey] = useState(0);
  const [filters, setFilters] = useState<Filters>(() => toFilters(filterFields, url.values));
  const [sort, setSort] = useState<SortState | undefined>();
  const [selected, setSelected] = useState<Row[]>([]);
  const [formMode, setFormMode] = useState<FormMode | null>(null);
  // Once opened, the dialog stays mounted, so it closes with its animation.
  const formUsed = useRef(false);
  if (formMode) formUsed.current = true;
  const detail = useRef<DetailHandle>(null);
  const showDetail = useCallback((row: Row) => detail.current?.show(row), []);
  const [exporting, setExporting] = useState(false);
  const [settings, setSettings] = useTableSettings(def.name);

  const request = { ...paging.request, filters: { ...filters, ...fixed }, ...(sort ? { sort } : {}) };
  const list = useResourceList(def, request, can(def.actions.list?.permission ?? ''));
  paging.useAnswer(list.data?.pager);
  const invalidate = useRefreshResource(def, overrides.alsoRefresh);

  const ctx: PageContext = useMemo(
    () => ({ def, refresh: () => void invalidate(), openEdit: (row) => setFormMode({ kind: 'edit', row }) }),
    [def, invalidate],
  );
  const runner = useMemo(
    () => createRunner(def, confirm, t, ctx, overrides),
    [def, confirm, t, ctx, overrides],
  );
  const rowActions = useMemo(() => rowActionsOf(def, can), [def, can]);
  const batchActions = Object.values(def.actions).filter(
    (a) => a.scope === 'batch' && a.name !== 'remove' && can(a.permission),
  );
  const toolbarActions = Object.values(def.actions).filter(
    (a) =>
      a.scope === 'toolbar' &&
      a.standard === false &&
      can(a.permission) &&
      !overrides.hiddenActions?.includes(a.name),
  );
  const canRemove = !!def.actions.remove && can(def.actions.remove.permission);
  const canAdd =
    !!def.actions.add && can(def.actions.add.permission) && !overrides.hiddenActions?.includes('add');
  const canExport = !!def.actions.export && can(def.actions.export.permission);
  const selectable = canRemove || batchActions.length > 0;
  const hasRowColumn = rowActions.length > 0 || !!overrides.detail || !!overrides.extraRowActions;

  // i18n.language is a dependency on purpose: titles are translated when the columns are built.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const columns = useMemo(
    () => buildColumns(def, t, settings.hidden, sort, overrides),
    [def, t, settings.hidden, sort, overrides, i18n.language],
  );
  const allColumns = useMemo(
    () =>
      hasRowColumn
        ? [
            ...columns,
            {
              key: '@actions',
              title: t('engine.operations'),
              fixed: 'right' as const,
              render: (_: unknown, row: Row) => (
                <RowActions
                  row={row}
                  actions={rowActions}
                  runner={runner}
                  ctx={ctx}
                  overrides={overrides}
                  onDetail={overrides.detail ? () => showDetail(row) : undefined}
                />
              ),
            },
          ]
        : columns,
    [hasRowColumn, columns, t, rowActions, runner, ctx, overrides, showDetail],
  );
  const rowKey = useCallback((row: Row) => String(row[def.key]), [def.key]);
  const rowClassName = useCallback(
    (row: Row) => `engine-row-clickable ${overrides.rowClass?.(row) ?? ''}`,
    [overrides],
  );
  const onRow = useCallback(
    (row: Row) => ({
      onClick: (e: React.MouseEvent) => {
        if (isRowClick(e)) showDetail(row);
      },
    }),
    [showDetail],
  );
  const tableLocale = useMemo(
    () => ({ emptyText: <Empty description={t('engine.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }),
    [t],
  );
  const rowSelection = useMemo(
    () =>
      selectable
        ? {
            selectedRowKeys: selected.map((r) => String(r[def.key])),
            onChange: (_: unknown, rows: Row[]) => setSelected(rows),
            preserveSelectedRowKeys: true,
          }
        : undefined,
    [selectable, selected, def.key],
  );
  // The latest sort and pager, read when the table reports a change (the callback itself stays).
  const tableChange = useRef<TableProps<Row>['onChange']>(undefined);
  tableChange.current = (pagination, _filters, sorter) => {
    const next = sortOfSorter(sorter);
    if (next?.field !== sort?.field || next?.order !== sort?.order) {
      setSort(next);
      paging.reset();
      return;
    }
    paging.onTableChange(pagination);
  };
  const onTableChange = useCallback<NonNullable<TableProps<Row>['onChange']>>(
    (...args) => tableChange.current?.(...args),
    [],
  );
  const { deep, page, pageSize, known, numbered } = paging;
  const pagination = useMemo(
    () =>
      tablePagination({ deep, page, pageSize, known, numbered }, (total) =>
        totalText(t, total, known?.capped ?? false),
      ),
    [deep, page, pageSize, known, numbered, t],
  );

  const doExport = async (format: ExportFormat) => {
    setExporting(true);
    try {
      await exportList(def, format, { ...filters, ...fixed }, sort);
      toast.success(t('engine.exported'));
    } catch {
      // Already toasted by api().
    } finally {
      setExporting(false);
    }
  };

  const pager = list.data?.pager;

  if (list.isError && !list.data) {
    return (
      <div className="engine-page" data-testid={`resource-page-${def.name}`}>
        {modalHolder}
        <Suspense fallback={null}>
          <LoadFailed
            message={list.error instanceof Error ? list.error.message : undefined}
            onRetry={() => void list.refetch()}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="engine-page" data-testid={`resource-page-${def.name}`}>
      {modalHolder}
      <SearchForm
        key={searchKey}
        initialValues={urlValues}
        fields={filterFields}
        inputs={overrides.filterInputs}
        loading={list.isFetching}
        onSearch={(values) => {
          const next = toFilters(filterFields, values);
          // The same filters on page 1 make the same request: "search" then means "read again".
          if (paging.page === 1 && JSON.stringify(next) === JSON.stringify(filters)) void list.refetch();
          setFilters(next);
          paging.reset();
        }}
      />
      {overrides.header?.(ctx)}
      <div className="engine-toolbar" data-testid="toolbar">
        <Space wrap>
          {canAdd && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setFormMode({ kind: 'add' })}
              // Fetch the dialog's code when the pointer comes near, so it opens without a wait.
              onMouseEnter={() => void loadFormDialog()}
              data-testid="toolbar-add"
            >
              {t('action.add')}
            </Button>
          )}
          {toolbarActions.map((action) => (
            <Button
              key={action.name}
              onClick={() => runner.run(action, [])}
              data-testid={`toolbar-${action.name}`}
            >
              {t(action.label)}
            </Button>
          ))}
          {canRemove && (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              onClick={() => runner.remove(selected, () => setSelected([]))}
              data-testid="batch-remove"
            >
              {t('engine.removeSelected')}
            </Button>
          )}
          {batchActions.map((action) => (
            <Button
              key={action.name}
              disabled={selected.length === 0}
              onClick={() => runner.run(action, selected)}
              data-testid={`batch-${action.name}`}
            >
              {t(action.label)}
            </Button>
          ))}
          {canExport && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'csv', label: <span data-testid="export-csv">{t('engine.exportCsv')}</span> },
                  { key: 'xlsx', label: <span data-testid="export-xlsx">{t('engine.exportXlsx')}</span> },
                ],
                onClick: ({ key }) => void doExport(key as ExportFormat),
              }}
            >
              <Button icon={<DownloadOutlined />} loading={exporting} data-testid="toolbar-export">
                {t('action.export')}
              </Button>
            </Dropdown>
          )}
          {overrides.toolbarExtra?.(ctx)}
          {selected.length > 0 && (
            <span className="engine-selected">
              {t('engine.selected', { count: selected.length })}
              <Button type="link" size="small" onClick={() => setSelected([])}>
                {t('engine.clearSelection')}
              </Button>
            </span>
          )}
        </Space>
        <Space>
          <Tooltip title={t('engine.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('engine.refresh')}
              onClick={() => void list.refetch()}
              data-testid="toolbar-refresh"
            />
          </Tooltip>
          <TableSettingsButtons
            columns={listedFields(def).map((f) => ({ name: f.name, title: t(f.label) }))}
            settings={settings}
            onChange={setSettings}
          />
        </Space>
      </div>
      <Spin spinning={list.isFetching}>
        <ListTable
          rowKey={rowKey}
          size={settings.density}
          columns={allColumns}
          dataSource={list.data?.list ?? NO_ROWS}
          scroll={SCROLL}
          data-testid="resource-table"
          rowClassName={rowClassName}
          onRow={onRow}
          locale={tableLocale}
          rowSelection={rowSelection}
          onChange={onTableChange}
          pagination={pagination}
        />
      </Spin>
      <KeysetNav pager={paging} answer={pager} />
      {formUsed.current && (
        <Suspense fallback={null}>
          <FormDialog
            def={def}
            mode={formMode}
            overrides={overrides}
            onClose={() => setFormMode(null)}
            onSaved={() => {
              setFormMode(null);
              ctx.refresh();
            }}
          />
        </Suspense>
      )}
      <DetailHost ref={detail} def={def} initialKey={url.detail} extra={overrides.detail} />
    </div>
  );
}
