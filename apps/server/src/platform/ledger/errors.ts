/**
 * What the ledger refuses, as errors a module turns into the operator's answer. They abort the
 * transaction they are thrown in, so a refused entry leaves no trace.
 */
import { ErrorCode, type Locale } from '@payops/contracts';
import { AppError } from '../errors.ts';

export class LedgerError extends Error {
  constructor(
    readonly reason: 'insufficient' | 'unbalanced' | 'noAccount' | 'alreadyReversed' | 'noEntry',
    readonly detail: Record<string, unknown> = {},
  ) {
    super(`ledger: ${reason} ${JSON.stringify(detail)}`);
  }
}

const messages: Record<LedgerError['reason'], Record<Locale, string>> = {
  insufficient: { 'zh-CN': '余额不足', 'en-US': 'exceeds the balance' },
  unbalanced: { 'zh-CN': '分录借贷不平', 'en-US': 'the entry does not balance' },
  noAccount: { 'zh-CN': '账户不存在', 'en-US': 'no such account' },
  alreadyReversed: { 'zh-CN': '该分录已冲正', 'en-US': 'the entry was already reversed' },
  noEntry: { 'zh-CN': '分录不存在', 'en-US': 'no such entry' },
};

/** The answer for a refused posting: a field error on `field` (the amount, usually) or a conflict. */
export function ledgerAppError(e: LedgerError, locale: Locale, field = 'amount'): AppError {
  const message = messages[e.reason][locale];
  if (e.reason === 'insufficient')
    return new AppError(ErrorCode.badRequest, { fields: [{ field, message }], reason: e.reason });
  if (e.reason === 'alreadyReversed') return new AppError(ErrorCode.conflict, { reason: e.reason });
  return new AppError(ErrorCode.badRequest, { fields: [{ field, message }], reason: e.reason });
}
