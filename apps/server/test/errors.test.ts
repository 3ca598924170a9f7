/**
 * The global error handler (issue 18, sections 1 and 4): a database error that gets past the schemas
 * becomes a 4xx when the input was at fault, a 503 when the database is away, or a generic 500 with a
 * request id; the server log keeps the SQLSTATE and the statement but never the bound values, which
 * may hold personal data, and the answer never carries SQL or a stack.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from '../src/platform/errors.ts';

/** What Drizzle throws: its message quotes the statement and the parameters; the pg error is the cause. */
function drizzleError(code: string, params: unknown[]) {
  const cause = Object.assign(new Error('value out of range'), { code, table: 'members', column: 'phone' });
  return Object.assign(
    new Error(`Failed query: update "members" set "phone" = $1\nparams: ${params.join(',')}`),
    {
      query: 'update "members" set "phone" = $1',
      params,
      cause,
    },
  );
}

async function appThrowing(error: Error) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  installErrorHandler(app);
  app.post('/x', async () => {
    throw error;
  });
  await app.ready();
  const res = await app.inject({ method: 'POST', url: '/x', payload: { phone: '13912345678' } });
  await app.close();
  return { res, log: lines.join('') };
}

describe('the global error handler', () => {
  it('answers a value out of range with a 400 and logs no bound value', async () => {
    const { res, log } = await appThrowing(drizzleError('22003', ['13912345678']));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].field).toBe('phone');
    expect(log).toContain('22003');
    expect(log).not.toContain('13912345678');
  });

  it('answers an unexpected database error with a generic 500 and a request id, no SQL', async () => {
    const { res, log } = await appThrowing(drizzleError('XX000', ['13912345678']));
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.data.requestId).toEqual(expect.any(String));
    expect(res.body).not.toMatch(/update|members|Failed query|at .+\.ts/);
    expect(log).toContain(body.data.requestId);
    expect(log).toContain(JSON.stringify('update "members" set "phone" = $1'));
    expect(log).not.toContain('13912345678');
  });

  it('answers a lost database connection with 503', async () => {
    const { res } = await appThrowing(drizzleError('57P01', []));
    expect(res.statusCode).toBe(503);
  });
});
