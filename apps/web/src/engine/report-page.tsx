/**
 * ReportPage renders any ReportDef (issue 14), as ResourcePage renders a ResourceDef: a range of days
 * (default the last 7), the grouping (the report's dimensions), a table with the totals row, the
 * chart (echarts, fetched with the page only), a drill-down link per row into the filtered order list
 * and the .xlsx export. Cells are the resource engine's (the definition's `table`), so money reads as
 * money everywhere. The server checks the range (reversed, over 366 days) and names the field.
 * The server pages and sorts the groups (a member report over a month has hundreds of thousands);
 * the totals row, the chart and the heat scale are over every group, the export has every row.
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type {
  ReportAnswer,
  ReportDef,
  ReportMeasure,
  ReportQuery,
  ReportRow,
} from '@payops/contracts/report';
import {
  REPORT_DEFAULT_DAYS,
  REPORT_PAGE_SIZE,
  REPORT_PAGE_SIZES,
  REPORT_TOTAL_KEY,
} from '@payops/contracts/report';
import type { FieldDef } from '@payops/contracts/resource';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import type { RangePickerProps } from 'antd/es/date-picker';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table, { type TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { useCan } from '../lib/permissions.tsx';
import { renderValue } from './cell-value.tsx';
import { buildColumns, sortOfSorter } from './columns.tsx';
import './engine-messages.ts';
import { saveBlob } from './export-file.ts';
import { totalText } from './keyset-pager.tsx';
import { drillHref } from './report-drill.ts';
import { withHeat } from './report-heat.ts';
// The list engine whole: the report page shares its chunks with the list pages (usually cached by
// then) instead of the bundler splitting them by which page uses which engine module, which added a
// chunk boundary to every list page (each at its 160 KB budget).
import './resource-page.tsx';
import { useResourceLabels } from './resource-labels.ts';

const loadChart = () => import('./report-chart.tsx');
const ReportChart = lazy(loadChart);
/** The chart's height (report-chart.tsx): its place is kept from the first paint. */
const CHART_PLACE = <div style={{ height: 280 }} />;
// The list pages' range picker, in its chunk: antd's pickers are too heavy for the page's own budget.
const DateRangeInput = lazy(() => import('./date-range-input.tsx'));
const NO_OVERRIDES = {};
const DAY = 'YYYY-MM-DD';
const NO_ROWS: ReportRow[] = [];
const SCROLL = { x: 'max-content' } as const;
/**
 * The report's table renders when its rows, columns or paging change, not when the page does for
 * something else (the export button's spinner, a pick being made in the grouping), as the list
 * page's ListTable: its props below are kept stable between renders.
 */
const ReportTable = memo(Table<ReportRow>);

type Sort = NonNullable<ReportQuery['sort']>;
const SORT_ORDER = { asc: 'ascend', desc: 'descend' } as const;

export function ReportPage({ def }: { def: ReportDef }) {
  useResourceLabels(def.table);
  const { t } = useTranslation();
  const can = useCan();
  // Until the operator picks one: the last 7 days as the server counts them (the platform's zone,
  // not the browser's), shown in the picker from the answer.
  const [range, setRange] = useState<[string, string] | null>(null);
  const [dims, setDims] = useState<string[]>([...def.defaultDimensions]);
  const [sort, setSort] = useState<Sort | null>(null);
  const [page, setPage] = useState({ page: 1, pageSize: REPORT_PAGE_SIZE });
  const [exporting, setExporting] = useState(false);
  // A sort by a dimension the operator has since taken out of the grouping no longer applies (the
  // server refuses a sort by what is not a column).
  const applied = sort && (sort.field in def.measures || dims.includes(sort.field)) ? sort : null;
  // What the rows are (the export's body); a change of it starts again at page 1.
  const body: ReportQuery = {
    ...(range ? { from: range[0], to: range[1] } : { lastDays: REPORT_DEFAULT_DAYS }),
    dimensions: dims,
    ...(applied ? { sort: applied } : {}),
  };
  const toFirstPage = useCallback(() => setPage((p) => ({ ...p, page: 1 })), []);
  const rewind =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      toFirstPage();
    };
  const paged = { ...body, ...page };
  const query = useQuery({
    queryKey: ['report', def.name, paged],
    queryFn: async () => {
      // The chart's code comes while the figures do, not after them.
      if (def.chart) void loadChart();
      return {
        grouping: dims,
        answer: await api<ReportAnswer>(`${def.api}/query`, { method: 'POST', body: paged }),
      };
    },
    placeholderData: keepPreviousData,
  });
  const answer = query.data?.answer;
  // The columns, row keys and drills follow the grouping of the rows on screen: until a new
  // grouping's answer arrives the previous rows stay, and read with the new columns they showed
  // misplaced cells under duplicate keys, and drilled with the old grouping's values.
  const grouping = query.data?.grouping ?? dims;

  const fields = def.table.fields as Record<string, FieldDef>;
  const shown = useMemo(() => {
    const measures = (Object.values(def.measures) as ReportMeasure[])
      .filter((m) => m.list)
      .map((m) => m.name);
    const names = [...grouping.filter((d) => d in def.dimensions), ...measures];
    // No column is a record's key here: a dimension shows its label, not a copyable id.
    return { ...def.table, key: '', fields: Object.fromEntries(names.map((n) => [n, fields[n]!])) };
  }, [def, grouping, fields]);
  const columns = useMemo(() => {
    // Every column sorts every group, on the server (a ref dimension by its label). A ref dimension's
    // "none" (no passage, a trader of no merchant) shows its word unlinked, as the chart does (RefCell).
    const cols = withHeat(def, buildColumns(shown, t, [], undefined, NO_OVERRIDES), answer?.peaks ?? {}).map(
      (col) => ({
        ...col,
        sorter: true,
        sortOrder: sort?.field === String(col.key) ? SORT_ORDER[sort.order] : null,
      }),
    );
    if (!def.drill || !answer) return cols;
    const unsplit = [def.drill.pageBy?.dimension ?? []].flat().filter((d) => !grouping.includes(d));
    const hint = unsplit.length
      ? t('report.drillHint', { dimensions: unsplit.map((d) => t(def.dimensions[d]!.label)).join(', ') })
      : undefined;
    return [
      ...cols,
      {
        key: '__drill',
        title: t('report.drill'),
        render: (_: unknown, row: ReportRow) => (
          <Link to={drillHref(def, row, answer)} title={hint} data-testid="report-drill">
            {t('report.orders')}
          </Link>
        ),
      },
    ];
  }, [shown, t, def, answer, sort, grouping]);

  const onTableChange = useCallback(
    (
      pagination: TablePaginationConfig,
      _filters: unknown,
      sorter: SorterResult<ReportRow> | SorterResult<ReportRow>[],
    ) => {
      const next = sortOfSorter(sorter) ?? null;
      if (next?.field !== sort?.field || next?.order !== sort?.order) {
        setSort(next);
        toFirstPage();
        return;
      }
      setPage({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? REPORT_PAGE_SIZE });
    },
    [sort, toFirstPage],
  );

  const summary = useCallback(() => {
    // Without a grouping the one row is the total.
    if (!answer || answer.rows.length === 0 || grouping.length === 0) return null;
    const names = Object.keys(shown.fields);
    return (
      <Table.Summary fixed>
        <Table.Summary.Row data-testid="report-totals">
          {names.map((name, i) => (
            <Table.Summary.Cell
              key={name}
              index={i}
              align={fields[name]!.type === 'money' ? 'right' : undefined}
            >
              {i === 0 ? (
                <strong>{t(REPORT_TOTAL_KEY)}</strong>
              ) : name in def.dimensions ? null : (
                <strong>{renderValue(fields[name]!, answer.totals[name], t)}</strong>
              )}
            </Table.Summary.Cell>
          ))}
          {def.drill ? <Table.Summary.Cell index={names.length} /> : null}
        </Table.Summary.Row>
      </Table.Summary>
    );
  }, [answer, grouping, shown, fields, def, t]);
  const rowKey = useCallback((row: ReportRow) => grouping.map((d) => String(row[d])).join('|'), [grouping]);
  const pagination = useMemo(
    () => ({
      current: page.page,
      pageSize: page.pageSize,
      total: answer?.pager.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [...REPORT_PAGE_SIZES],
      showTotal: (total: number) => totalText(t, total, answer?.pager.totalCapped ?? false),
    }),
    [page, answer, t],
  );

  const exportFile = async () => {
    setExporting(true);
    try {
      const response = await api<Response>(`${def.api}/export`, {
        method: 'POST',
        body,
        responseType: 'stream',
      });
      saveBlob(await response.blob(), `${def.name}-${answer?.from ?? ''}-${answer?.to ?? ''}.xlsx`);
    } finally {
      setExporting(false);
    }
  };

  // A definition's `help.<name>` label says how its figures are counted (e.g. retention's days).
  const help = `help.${def.name}`;
  return (
    <div className="report-page" data-testid={`report-${def.name}`}>
      {help in def.labels['zh-CN'] ? (
        // Plain text: antd's Typography would add its editing and copying code to the page's chunk.
        <p className="report-help" style={{ opacity: 0.65 }} data-testid="report-help">
          {t(help)}
        </p>
      ) : null}
      <Space wrap style={{ marginBottom: 12 }}>
        <Suspense fallback={<span style={{ display: 'inline-block', width: 240 }} />}>
          <DateRangeInput
            // Text days: the picker reads them as its dates (date-range-input.tsx).
            value={
              (range ?? (answer ? [answer.from, answer.to] : null)) as unknown as RangePickerProps['value']
            }
            allowClear={false}
            onChange={(v) => v?.[0] && v[1] && rewind(setRange)([v[0].format(DAY), v[1].format(DAY)])}
            data-testid="report-range"
          />
        </Suspense>
        <Select
          mode="multiple"
          style={{ minWidth: 240 }}
          value={dims}
          onChange={rewind(setDims)}
          options={Object.values(def.dimensions).map((d) => ({ value: d.name, label: t(d.label) }))}
          aria-label={t('report.groupBy')}
          data-testid="report-dimensions"
        />
        <Button icon={<ReloadOutlined />} onClick={() => query.refetch()}>
          {t('report.refresh')}
        </Button>
        {can(def.exportPermission) ? (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={exportFile}
            data-testid="report-export"
          >
            {t('report.export')}
          </Button>
        ) : null}
      </Space>
      {/* Kept while the first answer loads, so the table below does not move when the chart arrives. */}
      {def.chart && !answer && query.isLoading ? CHART_PLACE : null}
      {def.chart && answer && answer.rows.length > 0 ? (
        <Suspense fallback={CHART_PLACE}>
          <ReportChart def={def} points={answer.series} dimensions={grouping} />
        </Suspense>
      ) : null}
      <ReportTable
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={answer?.rows ?? NO_ROWS}
        loading={query.isFetching}
        onChange={onTableChange}
        pagination={pagination}
        summary={summary}
        scroll={SCROLL}
        data-testid="report-table"
      />
    </div>
  );
}
