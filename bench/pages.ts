/**
 * The page rows of performance.md (LCP, CLS, INP, the heap after 20 tabs): bench/pages.browser.ts run
 * by vitest in a process of its own, with the browser tests' server (a fresh demo on the built app),
 * its rows read back from a file. Needs the built app (`npm run build`) and Chromium.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Row } from './stats.ts';

const root = path.resolve(import.meta.dirname, '..');

export async function pageBudgets(rows: Row[]): Promise<void> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    rows.push({ workload: 'page LCP, CLS, INP, tabs heap', figure: 'no build', budget: '-', pass: null });
    return;
  }
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payops-pages-')), 'rows.json');
  const code = await new Promise<number | null>((resolve) => {
    const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
    const child = spawn(process.execPath, [vitest, 'run', '--config', 'vitest.pages.config.ts'], {
      cwd: root,
      env: { ...process.env, PAGE_BUDGETS_OUT: out },
      // Its log to this process's stderr: the table on stdout stays readable.
      stdio: ['ignore', process.stderr, process.stderr],
    });
    child.on('exit', resolve);
  });
  const measured: Row[] = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : [];
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  rows.push(...measured);
  if (code !== 0)
    rows.push({
      workload: 'page measurements (vitest run failed: see the log above)',
      figure: `exit ${code}`,
      budget: '0',
      pass: false,
    });
}
