/**
 * What the ledger refuses, as errors a module turns into the operator's answer. They abort the
 * transaction they are thrown in, so a refused entry leaves no trace.
 */
import { type AmountProblem, amountMessage, ErrorCode, type Locale } from '@payops/contracts';
import { AppError, fieldsError } from '../errors.ts';

export type LedgerReason =
  | 'insufficient'
  | 'unbalanced'
  | 'noAccount'
  | 'alreadyReversed'
  | 'noEntry'
  /** The business event (ref_type, ref_id, event) was already posted. */
  | 'duplicateEvent'
  /** A balance would leave what its column holds (|balance| < 10^20). */
  | 'overflow'
  /** The posting is dated inside a day already settled for the account (merchant settlements). */
  | 'settledDay'
  /** A leg's amount breaks its currency's rule (decimals, size, unknown currency). */
  | 'amount';

export class LedgerError extends Error {
  constructor(
    readonly reason: LedgerReason,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(`ledger: ${reason} ${JSON.stringify(detail)}`);
  }
}

const messages: Record<Exclude<LedgerReason, 'amount'>, Record<Locale, string>> = {
  insufficient: { 'zh-CN': '余额不足', 'en-US': 'exceeds the balance' },
  unbalanced: { 'zh-CN': '分录借贷不平', 'en-US': 'the entry does not balance' },
  noAccount: { 'zh-CN': '账户不存在', 'en-US': 'no such account' },
  alreadyReversed: { 'zh-CN': '该分录已冲正', 'en-US': 'the entry was already reversed' },
  noEntry: { 'zh-CN': '分录不存在', 'en-US': 'no such entry' },
  duplicateEvent: { 'zh-CN': '该业务已记账，不能重复入账', 'en-US': 'this event was already posted' },
  overflow: {
    'zh-CN': '超出范围：结果余额超过账户可记录的上限',
    'en-US': 'is out of range: the resulting balance exceeds what an account can hold',
  },
  settledDay: {
    'zh-CN': '该账户该日已结算，不能再记账',
    'en-US': 'falls in a day already settled for the account',
  },
};

function messageOf(e: LedgerError, locale: Locale): string {
  if (e.reason === 'amount') return amountMessage(e.detail.problem as AmountProblem, locale);
  return messages[e.reason][locale];
}

/** The answer for a refused posting: a field error on `field` (the amount, usually) or a conflict. */
export function ledgerAppError(e: LedgerError, locale: Locale, field = 'amount'): AppError {
  if (e.reason === 'alreadyReversed' || e.reason === 'duplicateEvent')
    return new AppError(ErrorCode.conflict, { reason: e.reason, message: messageOf(e, locale) });
  return fieldsError((l) => [{ field, message: messageOf(e, l) }], locale, { reason: e.reason });
}
