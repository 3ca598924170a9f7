/**
 * ReportPage renders any ReportDef (issue 14), as ResourcePage renders a ResourceDef: a range of days
 * (default the last 7), the grouping (the report's dimensions), a table with the totals row, the
 * chart (echarts, fetched with the page only), a drill-down link per row into the filtered order list
 * and the .xlsx export. Cells are the resource engine's (the definition's `table`), so money reads as
 * money everywhere. The server checks the range (reversed, over 366 days) and names the field.
 */
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { ReportAnswer, ReportDef, ReportMeasure, ReportRow } from '@payops/contracts/report';
import { REPORT_DEFAULT_DAYS, REPORT_TOTAL_KEY } from '@payops/contracts/report';
import type { FieldDef } from '@payops/contracts/resource';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import type { RangePickerProps } from 'antd/es/date-picker';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { useCan } from '../lib/permissions.tsx';
import { renderValue } from './cell-value.tsx';
import { buildColumns } from './columns.tsx';
import './engine-messages.ts';
import { saveBlob } from './export-file.ts';
import { drillHref } from './report-drill.ts';
import { withHeat } from './report-heat.ts';
// The list engine whole: the report page shares its chunks with the list pages (usually cached by
// then) instead of the bundler splitting them by which page uses which engine module, which added a
// chunk boundary to every list page (each at its 160 KB budget).
import './resource-page.tsx';
import { useResourceLabels } from './resource-labels.ts';

const ReportChart = lazy(() => import('./report-chart.tsx'));
// The list pages' range picker, in its chunk: antd's pickers are too heavy for the page's own budget.
const DateRangeInput = lazy(() => import('./date-range-input.tsx'));
const NO_OVERRIDES = {};
const DAY = 'YYYY-MM-DD';

type Answer = ReportAnswer & { truncated: boolean };

/** A figure column sorts the rows on the page (all of them are here): days as text, others by value. */
const byFigure = (m: ReportMeasure) => (a: ReportRow, b: ReportRow) =>
  m.type === 'date'
    ? String(a[m.name] ?? '').localeCompare(String(b[m.name] ?? ''))
    : Number(a[m.name] ?? 0) - Number(b[m.name] ?? 0);

export function ReportPage({ def }: { def: ReportDef }) {
  useResourceLabels(def.table);
  const { t } = useTranslation();
  const can = useCan();
  // Until the operator picks one: the last 7 days as the server counts them (the platform's zone,
  // not the browser's), shown in the picker from the answer.
  const [range, setRange] = useState<[string, string] | null>(null);
  const [dims, setDims] = useState<string[]>([...def.defaultDimensions]);
  const [exporting, setExporting] = useState(false);
  const body = range
    ? { from: range[0], to: range[1], dimensions: dims }
    : { lastDays: REPORT_DEFAULT_DAYS, dimensions: dims };
  const query = useQuery({
    queryKey: ['report', def.name, body],
    queryFn: () => api<Answer>(`${def.api}/query`, { method: 'POST', body }),
    placeholderData: keepPreviousData,
  });
  const answer = query.data;

  const fields = def.table.fields as Record<string, FieldDef>;
  const shown = useMemo(() => {
    const measures = (Object.values(def.measures) as ReportMeasure[])
      .filter((m) => m.list)
      .map((m) => m.name);
    const names = [...dims.filter((d) => d in def.dimensions), ...measures];
    // No column is a record's key here: a dimension shows its label, not a copyable id.
    return { ...def.table, key: '', fields: Object.fromEntries(names.map((n) => [n, fields[n]!])) };
  }, [def, dims, fields]);
  const columns = useMemo(() => {
    const cols = withHeat(def, buildColumns(shown, t, [], undefined, NO_OVERRIDES), answer?.rows ?? []).map(
      (col) => {
        const m = def.measures[String(col.key)] as ReportMeasure | undefined;
        if (m) return { ...col, sorter: byFigure(m) };
        // A ref dimension's 0 is the rollup's "none" (no passage, a trader of no merchant): no link.
        const d = def.dimensions[String(col.key)];
        const render = col.render;
        return d?.type === 'ref' && render
          ? { ...col, render: (v: unknown, row: ReportRow, i: number) => (v === 0 ? '-' : render(v, row, i)) }
          : col;
      },
    );
    if (!def.drill || !answer) return cols;
    return [
      ...cols,
      {
        key: '__drill',
        title: t('report.drill'),
        render: (_: unknown, row: ReportRow) => (
          <Link to={drillHref(def, row, answer)} data-testid="report-drill">
            {t('report.orders')}
          </Link>
        ),
      },
    ];
  }, [shown, t, def, answer]);

  const summary = () => {
    // Without a grouping the one row is the total.
    if (!answer || answer.rows.length === 0 || dims.length === 0) return null;
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
  };

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
            onChange={(v) => v?.[0] && v[1] && setRange([v[0].format(DAY), v[1].format(DAY)])}
            data-testid="report-range"
          />
        </Suspense>
        <Select
          mode="multiple"
          style={{ minWidth: 240 }}
          value={dims}
          onChange={(v: string[]) => setDims(v)}
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
        {answer?.truncated ? <Tag color="orange">{t('report.truncated')}</Tag> : null}
      </Space>
      {def.chart && answer && answer.rows.length > 0 ? (
        <Suspense fallback={<div style={{ height: 280 }} />}>
          <ReportChart def={def} rows={answer.rows} dimensions={dims} />
        </Suspense>
      ) : null}
      <Table<ReportRow>
        size="small"
        rowKey={(row) => dims.map((d) => String(row[d])).join('|')}
        columns={columns}
        dataSource={answer?.rows ?? []}
        loading={query.isFetching}
        pagination={{ pageSize: 50, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 500] }}
        summary={summary}
        scroll={{ x: 'max-content' }}
        data-testid="report-table"
      />
    </div>
  );
}
