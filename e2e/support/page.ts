/**
 * The list-page helpers most browser test files use on their one signed-in page: elements by test id,
 * waiting until no spinner turns, the rows of the visible list, and opening a resource page by address.
 * The file's page is read at each call (`current`), as files assign it in their beforeAll.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * Clicks OK on the row action's confirmation ("确认通过该提现申请？"). On a loaded machine a click
 * could land while the dialog was still zooming in and reach nothing: the dialog stayed open and the
 * test timed out waiting for what the action does. So the button itself records whether the click
 * reached it, and a missed click is made again (and said in the log). A click that reached it is never
 * repeated: that would run the action twice.
 */
export async function confirmAction(page: Page): Promise<void> {
  const ok = await page
    .locator('.ant-modal-confirm [data-testid="confirm-ok"]:visible')
    .elementHandle({ timeout: 20_000 });
  if (!ok) throw new Error('no confirmation is open');
  for (let attempt = 1; attempt <= 4; attempt++) {
    await ok.evaluate((button) => {
      const mark = button as HTMLElement & { reached?: boolean };
      mark.reached = false;
      button.addEventListener('click', () => (mark.reached = true), { once: true });
    });
    await ok.click({ timeout: 20_000 });
    if (await ok.evaluate((button) => (button as HTMLElement & { reached?: boolean }).reached)) return;
    console.warn(`[confirmation] click ${attempt} did not reach OK on ${page.url()}; clicking again`);
  }
  throw new Error('the confirmation OK button never received a click');
}

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
