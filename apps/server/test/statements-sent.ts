/**
 * The statements the server's pg clients send while some work runs: the SQL texts in order, lower
 * case with whitespace collapsed (transaction control included: `begin`, `commit`). For tests that
 * say which statement writes what (a row written by a change's own statement, a lock taken last).
 */
import pg from 'pg';

export async function statementsSent<T>(work: () => Promise<T>): Promise<{ sent: string[]; result: T }> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    const text = typeof q === 'string' ? q : (q?.text ?? '');
    sent.push(text.replace(/\s+/g, ' ').trim().toLowerCase());
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never;
  try {
    return { sent, result: await work() };
  } finally {
    pg.Client.prototype.query = original;
  }
}
