/**
 * Every API route and who may call it, as a committed snapshot: a change here is a permission change
 * and is reviewed like one (security.md, "Access"). Update with `npx vitest run -u` after review.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mockApi: false });
});
afterAll(() => t.close());

it('declares the access of every API route', () => {
  const table = t.routes
    .map(
      (r) => `${r.method.padEnd(6)} ${r.url}  ->  ${r.access}${r.staffOnly ? ' (cashier staff only)' : ''}`,
    )
    .sort((a, b) => a.localeCompare(b));
  expect(table).toMatchSnapshot();
});
