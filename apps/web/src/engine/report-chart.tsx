/**
 * A report's chart (issue 14), in its own chunk with echarts: line for trends, bar for comparisons,
 * pie for shares. Its points are the answer's `series`, summed per x value by the server over every
 * group (a day x merchant report draws one point per day), or the totals row when the page does not
 * group by x; amounts become numbers only to be drawn.
 */
import { REPORT_TOTAL_KEY, type ReportDef, type ReportRow } from '@payops/contracts/report';
import type { FieldDef } from '@payops/contracts/resource';
import { refLabelKey } from '@payops/contracts/resource';
import { PieChart } from 'echarts/charts';
import { use } from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../modules/dashboard/echart.tsx';

// Pie (a report's shares) is registered here, so the dashboard's chart chunk carries line and bar only.
use([PieChart]);

const HEIGHT = 280;

export default function ReportChart({
  def,
  points,
  dimensions,
}: {
  def: ReportDef;
  points: ReportRow[];
  dimensions: string[];
}) {
  const { t } = useTranslation();
  const chart = def.chart!;
  const option = useMemo<ChartOption>(() => {
    const x = chart.x;
    const field = (def.table.fields as Record<string, FieldDef>)[x]!;
    const labelOf = (row: ReportRow): string => {
      const v = row[x];
      if (field.type === 'ref') return String(row[refLabelKey(x)] ?? v ?? '-');
      if (field.type === 'enum') {
        const o = field.options.find((opt) => opt.value === v);
        return o ? t(o.label) : String(v);
      }
      return String(v ?? '-');
    };
    // In the server's order (days ascending).
    const labels = points.map((p) => (dimensions.includes(x) ? labelOf(p) : t(REPORT_TOTAL_KEY)));
    const value = (i: number, m: string) => Number(points[i]![m] ?? 0);
    const name = (m: string) => t(def.measures[m]!.label);
    if (chart.type === 'pie') {
      const m = chart.y[0]!;
      return {
        tooltip: { trigger: 'item' },
        legend: { top: 0, type: 'scroll' },
        series: [
          {
            type: 'pie',
            name: name(m),
            radius: ['30%', '65%'],
            top: 24,
            data: labels.map((l, i) => ({ name: l, value: value(i, m) })),
          },
        ],
      };
    }
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 64, right: 24, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: labels },
      yAxis: { type: 'value' },
      series: chart.y.map((m) => ({
        // One day is no trend: a line through one point draws only its 4-pixel dot.
        type: chart.type === 'line' && labels.length < 2 ? 'bar' : (chart.type as 'line' | 'bar'),
        name: name(m),
        data: labels.map((_, i) => value(i, m)),
      })),
    };
  }, [def, chart, points, dimensions, t]);
  return <EChart option={option} height={HEIGHT} testId="report-chart" />;
}
