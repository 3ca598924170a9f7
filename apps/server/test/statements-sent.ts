/**
 * The statements the server's pg clients send for some work: the SQL texts in order, lower case with
 * whitespace collapsed (transaction control included: `begin`, `commit`). For tests that say which
 * statement writes what (a row written by a change's own statement, a lock taken last).
 *
 * Only the work's own statements count: those sent from its asynchronous call chain. The server's
 * jobs (the reports' feed, pg-boss's polling) send theirs at any moment.
 *
 * pg-pool hands a released client to the next waiter by calling the waiter's callback right there, in
 * the releasing caller's context, and `pool.query` waits through such a callback: a job's query queued
 * behind the work's would run as the work's. So while recording, a waiter's callback is bound to the
 * context that asked for the client.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import pg from 'pg';

const recording = new AsyncLocalStorage<string[]>();

export async function statementsSent<T>(work: () => Promise<T>): Promise<{ sent: string[]; result: T }> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  const pool = Object.getPrototypeOf(pg.Pool.prototype) as { connect: (cb?: unknown) => unknown };
  const connect = pool.connect;
  pool.connect = function (this: unknown, cb?: unknown) {
    return connect.call(this, typeof cb === 'function' ? AsyncResource.bind(cb as () => void) : cb);
  };
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
    pool.connect = connect;
    // Tracking async contexts slows every promise of the process while an instance is enabled, and
    // a worker runs its later files in the same process.
    recording.disable();
  }
}
