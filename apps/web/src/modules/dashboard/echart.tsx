/**
 * Our small echarts wrapper (stack.md): `echarts/core` with only the chart types the dashboard draws
 * (line and bar on a grid, tooltip, legend) on the canvas renderer, so the chunk stays small. The
 * reports' pie is registered by engine/report-chart.tsx, in the reports' own chunk. It follows its
 * box's size and disposes the chart on unmount; `option` is applied whole on change, without the
 * entry animation when the operator asked for reduced motion (lib/motion.ts).
 */

import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import { BarChart, LineChart } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { reducedMotion } from '../../lib/motion.ts';

use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

export function EChart({
  option,
  height = 280,
  testId,
}: {
  option: ChartOption;
  height?: number;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const el = box.current!;
    const c = init(el);
    chart.current = c;
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ animation: !reducedMotion(), ...option }, { notMerge: true });
  }, [option]);

  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}
