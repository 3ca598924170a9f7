/**
 * Calls to the server from a signed-in page, as the web's api() makes them (its session token from
 * local storage): for browser tests that judge what every page's API answers.
 */
import type { ResourceDef } from '@payops/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { TOKEN_KEY } from '../../apps/web/src/lib/storage-keys.ts';
import { launch } from './browser.ts';
import { signedInPage } from './operators.ts';

export type Answer = { code: number; msg: string; data: unknown };

interface ListPager {
  total: number | null;
  nextCursor?: string | null;
}

/** A list call's rows and pager, or why it was refused ("<code> <message>"). */
export type Listed = { rows: Record<string, unknown>[]; pager: ListPager } | { refused: string };

export function pageApi(pageOf: () => Page) {
  /**
   * POSTs `body` to `path` (GETs it without one) from the signed-in page (its session token, as the
   * web's api() sends it).
   */
  function call(path: string, body?: unknown): Promise<Answer> {
    return pageOf().evaluate(
      async ({ path, body, tokenKey }) => {
        const res = await fetch(path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            access_token: localStorage.getItem(tokenKey) ?? '',
            'Accept-Language': 'en-US',
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return res.json();
      },
      { path, body, tokenKey: TOKEN_KEY },
    );
  }

  /** A list page's call with `body` (page, filters, sort, cursor): its rows and pager, or its refusal. */
  async function listed(def: ResourceDef, body: Record<string, unknown>): Promise<Listed> {
    const answer = await call(def.actions.list!.path, body);
    if (answer.code !== 0) return { refused: `${answer.code} ${answer.msg}` };
    const { list, pager } = answer.data as { list: Record<string, unknown>[]; pager: ListPager };
    return { rows: list, pager };
  }

  /** The first 100 rows of a list page, as an administrator's list call answers them. */
  async function firstRows(def: ResourceDef): Promise<Record<string, unknown>[]> {
    const answer = await listed(def, { page: 1, pageSize: 100 });
    if ('refused' in answer) expect.fail(`${def.name}: ${answer.refused}`);
    return answer.rows;
  }

  /** An export as the page's button asks for it: its status, its data lines, whether one has a cell `text`. */
  function exported(path: string, text: string) {
    return pageOf().evaluate(
      async ({ path, text, tokenKey }) => {
        const res = await fetch(path, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            access_token: localStorage.getItem(tokenKey) ?? '',
            'Accept-Language': 'en-US',
          },
          body: JSON.stringify({ format: 'csv', filters: {} }),
        });
        const body = await res.text();
        const lines = body.split('\n').filter((l) => l.trim());
        // A cell that is the text, quoted or not (not a part of another cell).
        const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const cell = new RegExp(`(^|,)"?${escaped}"?(,|$)`);
        return {
          status: res.status,
          lines: lines.length - 1,
          has: lines.slice(1).some((l) => cell.test(l.trim())),
        };
      },
      { path, text, tokenKey: TOKEN_KEY },
    );
  }

  return { call, listed, firstRows, exported };
}

/**
 * The file's administrator (made and signed in before its tests, with vitest's hooks; its browser
 * closed after them) and the API calls of its page.
 */
export function administratorApi(op: { username: string; password: string; totpSecret: string }) {
  let browser: Browser | undefined;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await signedInPage(browser, op);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return { ...pageApi(() => page), page: () => page };
}
