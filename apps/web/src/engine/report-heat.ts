/**
 * A report measure's `heat` option (issue 14: retention as a heat-map table): its cells shaded from
 * white (0) to the theme's blue at the column's largest value over every group (the answer's `peaks`,
 * not the page's), so the operator reads the pattern at a glance; the value itself stays the engine's cell.
 */
import type { ReportDef, ReportMeasure, ReportRow } from '@payops/contracts/report';
import type { ColumnType } from 'antd/es/table';

/** rgba of the heat colour for a share of the column's largest value (0..1). */
export function heatColor(share: number): string {
  const alpha = Math.max(0, Math.min(1, share)) * 0.75;
  return `rgba(22, 119, 255, ${alpha.toFixed(3)})`;
}

export function withHeat<C extends ColumnType<ReportRow>>(
  def: ReportDef,
  columns: C[],
  peaks: ReportRow,
): C[] {
  const heat = new Set(
    (Object.values(def.measures) as ReportMeasure[]).filter((m) => m.heat).map((m) => m.name),
  );
  if (heat.size === 0) return columns;
  return columns.map((col) => {
    const name = String(col.key ?? col.dataIndex ?? '');
    if (!heat.has(name)) return col;
    const max = Math.max(0, Number(peaks[name] ?? 0));
    return {
      ...col,
      onCell: (row: ReportRow) => {
        const share = max > 0 ? Number(row[name] ?? 0) / max : 0;
        return {
          'data-heat': share.toFixed(2),
          style: { background: heatColor(share), color: share > 0.6 ? '#fff' : undefined },
        } as React.HTMLAttributes<HTMLElement>;
      },
    };
  });
}
