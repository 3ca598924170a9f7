// `npm run test:e2e`: the browser test files in two lanes at once, each lane a vitest run of its own
// files one after another against its own server and database (e2e/support/global-setup.ts). One lane
// alone kept the 2-core machine about half busy (the rest is waiting on pages), so two fill it.
// Files are dealt heaviest first to the lighter lane, by size (a file's tests and steps). A lane's
// lines are printed as they come, each marked with its lane; a failed lane fails the run.
// With arguments (`npm run test:e2e -- e2e/orders.e2e.ts`) it is one plain vitest run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';

const LANES = 2;
const root = path.resolve(import.meta.dirname, '..');
// vitest's command (its package exports no path to it; its package.json names it).
const vitestDir = path.dirname(createRequire(import.meta.url).resolve('vitest/package.json'));
const vitest = path.join(vitestDir, 'vitest.mjs');
const config = ['run', '--config', 'vitest.e2e.config.ts'];

function run(args, lane) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, ...config, ...args], {
      cwd: root,
      env: { ...process.env, PAYOPS_E2E_LANE: String(lane) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      readline
        .createInterface({ input: stream })
        .on('line', (line) => out.write(`[lane ${lane + 1}] ${line}\n`));
    // 'close', not 'exit': after the child's output has all been read, so its last lines (the summary,
    // the ledger check) are printed before this process exits.
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const extra = process.argv.slice(2);
if (extra.length) process.exit(await run(extra, 0));

const dir = path.join(root, 'e2e');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.e2e.ts'))
  .map((f) => ({ file: `e2e/${f}`, weight: fs.statSync(path.join(dir, f)).size }))
  .sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file));
const lanes = Array.from({ length: LANES }, () => ({ files: [], weight: 0 }));
for (const f of files) {
  const lightest = lanes.reduce((a, b) => (b.weight < a.weight ? b : a));
  lightest.files.push(f.file);
  lightest.weight += f.weight;
}

// --no-cache: each vitest writes its files' durations to one results file when it ends; two lanes
// ending together could interleave their writes and leave JSON the next run cannot read.
const codes = await Promise.all(lanes.map((lane, i) => run(['--no-cache', ...lane.files], i)));
const failed = codes.flatMap((code, i) => (code === 0 ? [] : [`lane ${i + 1} (exit ${code})`]));
process.stdout.write(
  failed.length
    ? `browser tests failed in ${failed.join(', ')}\n`
    : `browser tests passed in all ${LANES} lanes (${files.length} files)\n`,
);
process.exit(failed.length ? 1 : 0);
