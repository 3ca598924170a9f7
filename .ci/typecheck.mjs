// `npm run typecheck`: each TypeScript project checked on its own (`tsc -p`, no output), two at a time.
// The projects do not depend on each other's output, and one tsc uses one core: on CI's two cores, two
// lanes take about half the time of one after the other. Lanes are balanced by the projects' cost
// (the server and the browser tests are the big ones); every error of every project is printed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// CPU seconds of each alone (one run): server 31, e2e 26, bench 25, web 15, contracts 6.
const lanes = [
  ['apps/server', 'apps/web', 'packages/contracts'],
  ['e2e', 'bench'],
];

const check = (project) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code === 0 ? [] : [project]));
  });

const failed = (
  await Promise.all(
    lanes.map(async (projects) => {
      const bad = [];
      for (const project of projects) bad.push(...(await check(project)));
      return bad;
    }),
  )
).flat();
if (failed.length) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
