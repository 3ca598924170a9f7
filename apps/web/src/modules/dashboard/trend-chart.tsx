/**
 * The 7-day trend: orders per day (bars) and the amounts that succeeded (lines, right axis). Amounts
 * become numbers here only to be drawn; every amount shown as text stays a decimal string.
 */
import Card from 'antd/es/card';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayFigures } from './business-types.ts';
import type { ChartOption } from './echart.tsx';

// echarts is its own chunk, fetched as the page renders: the page's first paint does not wait for it.
const loadChart = () => import('./echart.tsx').then((m) => ({ default: m.EChart }));
const EChart = lazy(loadChart);
const HEIGHT = 280;

/** One family's two series: its orders per day (bars) and its success amount (a line, right axis). */
const seriesOf = (days: DayFigures[], count: string, amount: string) => [
  { type: 'bar' as const, name: count, data: days.map((d) => d.count) },
  { type: 'line' as const, name: amount, yAxisIndex: 1, data: days.map((d) => Number(d.successAmount)) },
];

export function TrendChart({
  deposits,
  withdrawals,
  loading,
}: {
  deposits: DayFigures[] | null;
  withdrawals: DayFigures[] | null;
  loading: boolean;
}) {
  const { t } = useTranslation();
  // Fetched while the figures load, not after them.
  useEffect(() => {
    if (loading) void loadChart();
  }, [loading]);
  const option = useMemo<ChartOption>(() => {
    const days = (deposits ?? withdrawals ?? []).map((d) => d.day.slice(5));
    const series = [
      ...(deposits ? seriesOf(deposits, t('board.trendDepositCount'), t('board.trendDepositAmount')) : []),
      ...(withdrawals
        ? seriesOf(withdrawals, t('board.trendWithdrawCount'), t('board.trendWithdrawAmount'))
        : []),
    ];
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 64, top: 64, bottom: 24 },
      xAxis: { type: 'category', data: days },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', splitLine: { show: false } },
      ],
      color: ['#1677ff', '#69b1ff', '#fa8c16', '#ffc069'],
      series,
    };
    // `t` changes with the language: the series names follow it.
  }, [deposits, withdrawals, t]);
  return (
    <Card title={t('board.trend')} size="small" data-testid="board-trend" aria-busy={loading}>
      {/* The chart's height from the first paint: nothing below moves when it is drawn. */}
      {loading ? (
        <div style={{ height: HEIGHT }} />
      ) : (
        <Suspense fallback={<div style={{ height: HEIGHT }} />}>
          <EChart option={option} height={HEIGHT} testId="board-trend-chart" />
        </Suspense>
      )}
    </Card>
  );
}
