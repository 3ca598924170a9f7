/**
 * The list-page helpers most browser test files use on their one signed-in page: elements by test id,
 * waiting until no spinner turns, the rows of the visible list, and opening a resource page by address.
 * The file's page is read at each call (`current`), as files assign it in their beforeAll.
 */
import type { Locator, Page } from 'playwright-core';

export interface PageHelpers {
  id: (testId: string) => Locator;
  /** Resolves once no spinner of the page turns (a list loaded, a form submitted). */
  idle: () => Promise<unknown>;
  /** The rows of the visible list (the first visible table's body). */
  rows: () => Locator;
  /** The first row of the visible list that contains `text`. */
  row: (text: string) => Locator;
  /** Goes to `url` and waits until resource page `name` shows its loaded table. */
  open: (url: string, name: string) => Promise<void>;
}

export function pageHelpers(current: () => Page): PageHelpers {
  const id = (testId: string) => current().getByTestId(testId);
  const idle = () =>
    current().waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, {
      timeout: 20_000,
    });
  const rows = () => current().locator('.ant-table-tbody:visible').first().locator('tr.ant-table-row');
  return {
    id,
    idle,
    rows,
    row: (text) => rows().filter({ hasText: text }).first(),
    async open(url, name) {
      await current().goto(url);
      await id(`resource-page-${name}`).waitFor({ timeout: 20_000 });
      await current().locator('.ant-table-tbody').first().waitFor({ timeout: 20_000 });
      await idle();
    },
  };
}
