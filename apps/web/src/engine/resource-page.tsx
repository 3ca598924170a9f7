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
import Table from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import Tooltip from 'antd/es/tooltip';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { useConfirm } from '../lib/confirm.tsx';
import { useCan } from '../lib/permissions.tsx';
import { toast } from '../lib/toast.ts';
import { createRunner } from './action-runner.ts';
import { buildColumns } from './columns.tsx';
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
// the add/edit dialog with its form inputs and rules, the detail drawer and the error view.
const loadFormDialog = () => import('./form-dialog.tsx');
const FormDialog = lazy(() => loadFormDialog().then((m) => ({ default: m.FormDialog })));
const DetailDrawer = lazy(() => import('./detail-drawer.tsx'));
const LoadFailed = lazy(() => import('./load-failed.tsx'));
const NO_OVERRIDES: ResourceOverrides = {};
const NO_FILTERS: Filters = {};

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
    setDetailKey(state.detail);
  });
  const [urlValues, setUrlValues] = useState(url.values);
  const [searchKey, setSearchKey] = useState(0);
  const [detailKey, setDetailKey] = useState(url.detail);
  const [filters, setFilters] = useState<Filters>(() => toFilters(filterFields, url.values));
  const [sort, setSort] = useState<SortState | undefined>();
  const [selected, setSelected] = useState<Row[]>([]);
  const [formMode, setFormMode] = useState<FormMode | null>(null);
  const [detailRow, setDetailRow] = useState<Row | null>(null);
  // Once opened, the dialog and the drawer stay mounted, so they close with their animation.
  const formUsed = useRef(false);
  if (formMode) formUsed.current = true;
  const detailUsed = useRef(false);
  if (detailRow) detailUsed.current = true;
  const [exporting, setExporting] = useState(false);
  const [settings, setSettings] = useTableSettings(def.name);

  // `?detail=<key>`: the record is read by its key (it need not be on the current page).
  useEffect(() => {
    if (detailKey === null) return;
    let live = true;
    void api<Row>(`${def.api}/getById`, { params: { id: detailKey }, silent: true })
      .then((row) => live && setDetailRow(row))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [def.api, detailKey]);

  const request = { ...paging.request, filters: { ...filters, ...fixed }, ...(sort ? { sort } : {}) };
  const list = useResourceList(def, request, can(def.actions.list?.permission ?? ''));
  paging.useAnswer(list.data?.pager);
  const invalidate = useRefreshResource(def);

  const ctx: PageContext = {
    def,
    refresh: () => void invalidate(),
    openEdit: (row) => setFormMode({ kind: 'edit', row }),
  };
  const runner = createRunner(def, confirm, t, ctx, overrides);
  const rowActions = rowActionsOf(def, can);
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
  const allColumns = hasRowColumn
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
              onDetail={overrides.detail ? () => setDetailRow(row) : undefined}
            />
          ),
        },
      ]
    : columns;

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
  const showTotal = (total: number) => totalText(t, total, paging.known?.capped ?? false);

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
      <Table<Row>
        rowKey={(row) => String(row[def.key])}
        size={settings.density}
        columns={allColumns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        data-testid="resource-table"
        rowClassName={(row) => `engine-row-clickable ${overrides.rowClass?.(row) ?? ''}`}
        onRow={(row) => ({
          onClick: (e) => {
            if (isRowClick(e)) setDetailRow(row);
          },
        })}
        locale={{ emptyText: <Empty description={t('engine.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected.map((r) => String(r[def.key])),
                onChange: (_, rows) => setSelected(rows),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        onChange={(pagination, _filters, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
          const next: SortState | undefined =
            s?.order && s.columnKey
              ? { field: String(s.columnKey), order: s.order === 'ascend' ? 'asc' : 'desc' }
              : undefined;
          if (next?.field !== sort?.field || next?.order !== sort?.order) {
            setSort(next);
            paging.reset();
            return;
          }
          paging.onTableChange(pagination);
        }}
        pagination={tablePagination(paging, showTotal)}
      />
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
      {detailUsed.current && (
        <Suspense fallback={null}>
          <DetailDrawer
            def={def}
            row={detailRow}
            open={!!detailRow}
            onClose={() => {
              setDetailRow(null);
              setDetailKey(null);
            }}
            extra={detailRow && overrides.detail ? overrides.detail(detailRow) : undefined}
          />
        </Suspense>
      )}
    </div>
  );
}
