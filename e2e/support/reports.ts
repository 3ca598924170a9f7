/**
 * Helpers of the finance-report browser tests (/financeReport/*): opening a report, typing a range
 * into its picker, following its first row's drill-down, and waiting for the demo day's step that
 * fills the reports (the demo day runs in the background after the suite's server starts).
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { database } from './browser.ts';
import { pageHelpers, visit } from './page.ts';

export interface ReportHelpers {
  report: (name: string) => Locator;
  /** The rows of report `name`'s table. */
  rows: (name: string) => Locator;
  /** Opens report `name` over its default range (the last 7 days). */
  openReport: (name: string) => Promise<void>;
  /** Types a range into the report's picker (start, Enter, end, Enter), as an operator would. */
  setRange: (name: string, from: string, to: string) => Promise<void>;
  /**
   * Clicks the first row's drill-down: it lands on one of `lists` (paths), and a list page shows.
   * Returns the address landed on.
   */
  drill: (name: string, lists: string[]) => Promise<URL>;
}

export function reportHelpers(current: () => Page): ReportHelpers {
  const { idle } = pageHelpers(current);
  const report = (name: string) => current().getByTestId(`report-${name}`);
  return {
    report,
    rows: (name) => report(name).locator('.ant-table-tbody:visible tr.ant-table-row'),
    async openReport(name) {
      await visit(current(), `/financeReport/${name}`);
      await report(name).waitFor({ timeout: 20_000 });
      await idle();
    },
    async setRange(name, from, to) {
      const inputs = report(name).locator('.ant-picker-range input');
      await inputs.nth(0).click();
      await inputs.nth(0).fill(from);
      await inputs.nth(0).press('Enter');
      await inputs.nth(1).fill(to);
      await inputs.nth(1).press('Enter');
      await current().keyboard.press('Escape');
      await expect.poll(() => inputs.nth(0).inputValue()).toBe(from);
      await idle();
    },
    async drill(name, lists) {
      const page = current();
      await report(name)
        .locator('.ant-table-tbody:visible tr.ant-table-row')
        .first()
        .getByTestId('report-drill')
        .click();
      await page.waitForURL((url) => lists.includes(url.pathname), { timeout: 20_000 });
      await page.locator('[data-testid^="resource-page-"]').first().waitFor({ timeout: 20_000 });
      await idle();
      return new URL(page.url());
    },
  };
}

/** Waits (up to `seconds`) until `sql` (a count named n) finds the demo day's step done. */
export async function demoStepDone(sql: string, seconds: number): Promise<void> {
  const db = await database();
  try {
    for (let i = 0; i < seconds * 2; i++) {
      const { rows } = await db.query(sql);
      if (rows[0].n > 0) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await db.end();
  }
}
