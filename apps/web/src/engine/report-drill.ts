/**
 * A report row's link into the order list it sums (issue 14): the definition's drill says which list
 * (or which per direction or family), which list filters take which of the row's dimensions, and the
 * fixed ones; the row's day (or the report's range) goes in as instants the server computed in the
 * platform's zone, so the list shows exactly the orders behind the row.
 */
import {
  DRILL_FROM,
  DRILL_TO,
  REPORT_NONE_KEY,
  type ReportAnswer,
  type ReportDef,
  type ReportDrillInput,
  type ReportRow,
} from '@payops/contracts/report';

/** The page of `pageBy` for the row: the values of its dimensions joined with '.', longest key first. */
function pageByRow(by: ReportDrillInput<string>['pageBy'], row: ReportRow) {
  if (!by) return undefined;
  const values = [by.dimension].flat().map((d) => String(row[d]));
  for (let n = values.length; n > 0; n--) {
    const page = by.pages[values.slice(0, n).join('.')];
    if (page) return page;
  }
  return undefined;
}

export function drillHref(
  def: ReportDef,
  row: ReportRow,
  answer: Pick<ReportAnswer, 'fromAt' | 'toAt'>,
): string {
  const drill = def.drill!;
  // A row with none of what the list shows (no deposits) opens the other list (the withdrawals).
  const side = drill.whenZero && Number(row[drill.whenZero.measure] ?? 0) === 0 ? drill.whenZero : drill;
  const page = pageByRow(side.pageBy, row) || side.page;
  const params = new URLSearchParams(drill.fixed ?? {});
  // Filters that hold for the row's value of another dimension (when the row is grouped by it).
  const sided = drill.filtersBy ? drill.filtersBy.values[String(row[drill.filtersBy.dimension])] : undefined;
  for (const [filter, dim] of Object.entries({ ...drill.filters, ...sided })) {
    const value = dim ? row[dim] : undefined;
    // A rollup's "none" (an order without a passage): no filter the list could match.
    if (value !== undefined && value !== null && value !== '' && value !== REPORT_NONE_KEY)
      params.set(filter, String(value));
  }
  const from = row[DRILL_FROM] ?? answer.fromAt;
  const to = row[DRILL_TO] ?? answer.toAt;
  if (drill.range !== false) params.set(drill.range ?? 'createdAt', `${String(from)},${String(to)}`);
  return `${page}?${params.toString()}`;
}
