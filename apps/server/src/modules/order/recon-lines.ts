/**
 * A statement file's records read through its interface type's column mapping: every line checked
 * (an order number, an amount, a known status word, no order twice), the first bad one refused as a
 * 400 naming its line in the operator's language. Used twice on the same file: a checking pass before
 * anything is written, then the import pass, so nothing is ever half-imported.
 */
import type { Locale, ReconStatus, StatementMapping } from '@payops/contracts';
import { fieldError } from '../../platform/errors.ts';
import { readRecords, type StatementFormat, StatementReadError } from './recon-parse.ts';

export interface StatementLine {
  line: number;
  upstreamOrderNo: string;
  amount: string;
  status: ReconStatus;
  fee: string | null;
  date: string | null;
}

const AMOUNT = /^\d{1,20}(\.\d{1,8})?$/;

const say = {
  'zh-CN': {
    encoding: (n: number) => `第${n}行不是UTF-8编码（请以UTF-8保存对账单）`,
    quote: (n: number) => `第${n}行的引号未闭合`,
    xlsx: () => '不是有效的xlsx文件',
    empty: () => '对账单为空（没有表头）',
    missing: (cols: string[]) => `对账单缺少列：${cols.join('、')}`,
    orderNo: (n: number, col: string) => `第${n}行的上游单号（${col}）为空`,
    amount: (n: number, v: string) => `第${n}行的金额无效：${v}`,
    fee: (n: number, v: string) => `第${n}行的手续费无效：${v}`,
    status: (n: number, v: string) => `第${n}行的状态无法识别：${v}`,
    twice: (n: number, no: string, first: number) => `第${n}行的上游单号 ${no} 与第${first}行重复`,
  },
  'en-US': {
    encoding: (n: number) => `line ${n} is not UTF-8 (save the statement as UTF-8)`,
    quote: (n: number) => `line ${n} has an unclosed quote`,
    xlsx: () => 'is not a valid xlsx file',
    empty: () => 'the statement is empty (no header)',
    missing: (cols: string[]) => `the statement lacks the columns: ${cols.join(', ')}`,
    orderNo: (n: number, col: string) => `line ${n}: the upstream order no. (${col}) is empty`,
    amount: (n: number, v: string) => `line ${n}: invalid amount ${v}`,
    fee: (n: number, v: string) => `line ${n}: invalid fee ${v}`,
    status: (n: number, v: string) => `line ${n}: unknown status ${v}`,
    twice: (n: number, no: string, first: number) =>
      `line ${n}: upstream order no. ${no} repeats line ${first}`,
  },
} as const;

const bad = (message: string) => fieldError('file', message);

function statusOf(m: StatementMapping, word: string): ReconStatus | null {
  const w = word.trim().toLowerCase();
  if (m.successWords.includes(w)) return 'success';
  if (m.failedWords.includes(w)) return 'failed';
  if (m.pendingWords.includes(w)) return 'pending';
  return null;
}

/** The statement's lines, checked; throws a 400 at the first bad one. */
export async function* statementLines(
  path: string,
  format: StatementFormat,
  m: StatementMapping,
  locale: Locale,
): AsyncGenerator<StatementLine> {
  const t = say[locale];
  let index: Record<'orderNo' | 'amount' | 'status' | 'date' | 'fee', number> | null = null;
  const seen = new Map<string, number>();
  try {
    for await (const rec of readRecords(path, format)) {
      const cells = rec.cells.map((c) => c.trim());
      if (!index) {
        // The fee column may be absent: such a statement states no fees (none are compared).
        const wanted = { orderNo: m.orderNo, amount: m.amount, status: m.status, date: m.date };
        const missing = Object.values(wanted).filter((c): c is string => !!c && !cells.includes(c));
        if (missing.length) throw bad(t.missing(missing));
        const at = (c: string | null) => (c ? cells.indexOf(c) : -1);
        index = {
          orderNo: at(m.orderNo),
          amount: at(m.amount),
          status: at(m.status),
          date: at(m.date),
          fee: at(m.fee),
        };
        continue;
      }
      const n = rec.line;
      const no = cells[index.orderNo] ?? '';
      if (!no) throw bad(t.orderNo(n, m.orderNo));
      const amount = cells[index.amount] ?? '';
      if (!AMOUNT.test(amount)) throw bad(t.amount(n, amount));
      const word = cells[index.status] ?? '';
      const status = statusOf(m, word);
      if (!status) throw bad(t.status(n, word));
      const fee = index.fee >= 0 ? (cells[index.fee] ?? '') : '';
      if (fee && !AMOUNT.test(fee)) throw bad(t.fee(n, fee));
      const first = seen.get(no);
      if (first !== undefined) throw bad(t.twice(n, no, first));
      seen.set(no, n);
      yield {
        line: n,
        upstreamOrderNo: no,
        amount,
        status,
        fee: fee || null,
        date: index.date >= 0 ? cells[index.date] || null : null,
      };
    }
  } catch (e) {
    if (e instanceof StatementReadError) throw bad(t[e.reason](e.line));
    throw e;
  }
  if (!index) throw bad(t.empty());
}
