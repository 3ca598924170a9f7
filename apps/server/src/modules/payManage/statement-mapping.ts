/**
 * An interface type's statement column mapping (contracts order/statement-mapping.ts) is checked on
 * save: all of the required columns and words or none, no column named twice, no status word twice.
 */
import { ErrorCode, type Locale, mappingProblems } from '@payops/contracts';
import type { Row } from '../../platform/crud/index.ts';
import { AppError } from '../../platform/errors.ts';

export function checkStatementMapping(values: Row, before: Row | undefined, locale: Locale): void {
  const problems = mappingProblems({ ...before, ...values } as never);
  if (!problems.length) return;
  const fields = problems.map(([field, zh, en]) => ({ field, message: locale === 'zh-CN' ? zh : en }));
  throw new AppError(ErrorCode.badRequest, { fields });
}
