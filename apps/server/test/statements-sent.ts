/**
 * The statements the server's pg clients send for some work: the SQL texts in order, lower case with
 * whitespace collapsed (transaction control included: `begin`, `commit`). For tests that say which
 * statement writes what (a row written by a change's own statement, a lock taken last).
 *
 * Only the work's own statements count: those sent from its asynchronous call chain. The server's
 * jobs (the reports' feed, pg-boss's polling) and another file's app in the same worker send theirs
 * at any moment, and a fresh-clone CI once saw a job's `begin` in the middle of an approval's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

const recording = new AsyncLocalStorage<string[]>();

export async function statementsSent<T>(work: () => Promise<T>): Promise<{ sent: string[]; result: T }> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    const text = typeof q === 'string' ? q : (q?.text ?? '');
    recording.getStore()?.push(text.replace(/\s+/g, ' ').trim().toLowerCase());
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never;
  try {
    return { sent, result: await recording.run(sent, work) };
  } finally {
    pg.Client.prototype.query = original;
    // Tracking async contexts slows every promise of the process while an instance is enabled, and
    // a worker runs its later files in the same process.
    recording.disable();
  }
}
