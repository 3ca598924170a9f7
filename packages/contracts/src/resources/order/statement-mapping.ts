/**
 * How an upstream statement's columns are read, per interface type (edited on
 * /payManage/interfacet_list): which column holds the upstream order number, the amount and the
 * status, which status words mean success, failure or still pending, and optionally the date and fee.
 * Column names are the statement's header cells (trimmed); status words compare case-insensitively.
 */
import type { Bilingual } from '../../lifecycle.ts';
import type { FieldInput } from '../../resource.ts';

export interface StatementMapping {
  orderNo: string;
  amount: string;
  status: string;
  successWords: string[];
  failedWords: string[];
  pendingWords: string[];
  date: string | null;
  fee: string | null;
}

/** The built-in sandbox provider's statement (its /statement endpoint writes these columns). */
export const SANDBOX_STATEMENT_MAPPING: StatementMapping = {
  orderNo: 'upstream_order_no',
  amount: 'amount',
  status: 'status',
  successWords: ['paid'],
  failedWords: ['failed'],
  pendingWords: ['pending'],
  date: 'created_at',
  fee: 'fee',
};

/** The interface type's mapping fields (columns of interface_types), with their labels. */
const column = { type: 'string', form: { max: 64 } } as const satisfies FieldInput;
const words = { type: 'string', form: { max: 200 } } as const satisfies FieldInput;

export const STATEMENT_MAPPING_FIELDS = {
  stmtOrderNoColumn: { ...column, list: true },
  stmtAmountColumn: column,
  stmtStatusColumn: column,
  stmtSuccessWords: words,
  stmtFailedWords: words,
  stmtPendingWords: words,
  stmtDateColumn: column,
  stmtFeeColumn: column,
} as const satisfies Record<string, FieldInput>;

export type StatementMappingField = keyof typeof STATEMENT_MAPPING_FIELDS;

const MAPPING_LABELS: Record<StatementMappingField, Bilingual> = {
  stmtOrderNoColumn: ['对账单:上游单号列', 'Statement: order no. column'],
  stmtAmountColumn: ['对账单:金额列', 'Statement: amount column'],
  stmtStatusColumn: ['对账单:状态列', 'Statement: status column'],
  stmtSuccessWords: ['对账单:成功状态词(逗号分隔)', 'Statement: success words (comma-separated)'],
  stmtFailedWords: ['对账单:失败状态词(逗号分隔)', 'Statement: failure words (comma-separated)'],
  stmtPendingWords: ['对账单:处理中状态词(逗号分隔)', 'Statement: pending words (comma-separated)'],
  stmtDateColumn: ['对账单:日期列(可选)', 'Statement: date column (optional)'],
  stmtFeeColumn: ['对账单:手续费列(可选)', 'Statement: fee column (optional)'],
};

export const statementMappingLabels = (resource: string) =>
  Object.fromEntries(Object.entries(MAPPING_LABELS).map(([f, pair]) => [`field.${resource}.${f}`, pair]));

const splitWords = (s: string | null | undefined) =>
  (s ?? '')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);

/** An interface type row's mapping, or null when it has none (then `sandbox` uses its default). */
export function mappingOf(
  row: Partial<Record<StatementMappingField, string | null>>,
): StatementMapping | null {
  const [orderNo, amount, status] = [row.stmtOrderNoColumn, row.stmtAmountColumn, row.stmtStatusColumn];
  if (!orderNo || !amount || !status) return null;
  return {
    orderNo: orderNo.trim(),
    amount: amount.trim(),
    status: status.trim(),
    successWords: splitWords(row.stmtSuccessWords),
    failedWords: splitWords(row.stmtFailedWords),
    pendingWords: splitWords(row.stmtPendingWords),
    date: row.stmtDateColumn?.trim() || null,
    fee: row.stmtFeeColumn?.trim() || null,
  };
}

/** The problems of a mapping being saved, by field: [field, zh, en]; empty when it is sound. */
export function mappingProblems(
  row: Partial<Record<StatementMappingField, string | null>>,
): [StatementMappingField, string, string][] {
  const given = (Object.keys(STATEMENT_MAPPING_FIELDS) as StatementMappingField[]).filter((f) =>
    row[f]?.trim(),
  );
  if (given.length === 0) return [];
  const problems: [StatementMappingField, string, string][] = [];
  const required: StatementMappingField[] = [
    'stmtOrderNoColumn',
    'stmtAmountColumn',
    'stmtStatusColumn',
    'stmtSuccessWords',
    'stmtFailedWords',
  ];
  for (const f of required)
    if (!row[f]?.trim())
      problems.push([f, '配置对账单映射时必填', 'is required once a statement mapping is set']);
  const columns = (
    ['stmtOrderNoColumn', 'stmtAmountColumn', 'stmtStatusColumn', 'stmtDateColumn', 'stmtFeeColumn'] as const
  )
    .map((f) => [f, row[f]?.trim()] as const)
    .filter(([, v]) => v);
  const seen = new Map<string, StatementMappingField>();
  for (const [f, v] of columns) {
    if (seen.has(v!)) problems.push([f, `与其他列重复：${v}`, `names the same column as another: ${v}`]);
    seen.set(v!, f);
  }
  const m = mappingOf(row);
  if (m) {
    const all = [...m.successWords, ...m.failedWords, ...m.pendingWords];
    const twice = all.find((w, i) => all.indexOf(w) !== i);
    if (twice)
      problems.push(['stmtFailedWords', `状态词重复：${twice}`, `a status word appears twice: ${twice}`]);
  }
  return problems;
}

/** A mapping as the interface type's columns (the inverse of mappingOf). */
export function mappingColumns(m: StatementMapping): Record<StatementMappingField, string | null> {
  return {
    stmtOrderNoColumn: m.orderNo,
    stmtAmountColumn: m.amount,
    stmtStatusColumn: m.status,
    stmtSuccessWords: m.successWords.join(','),
    stmtFailedWords: m.failedWords.join(','),
    stmtPendingWords: m.pendingWords.join(',') || null,
    stmtDateColumn: m.date,
    stmtFeeColumn: m.fee,
  };
}
