/**
 * Load for the bench's state-change row, in its own process: one worker per merchant, each posting
 * the given steps in turn ({ id, ...body }) for `seconds`. Prints { ok, failed, seconds } as JSON.
 */
import { jsonPoster } from './load-client.ts';

const { base, headers, steps, ids, seconds } = JSON.parse(process.argv[2]!) as {
  base: string;
  headers: Record<string, string>;
  steps: { path: string; body: Record<string, unknown> }[];
  ids: number[];
  seconds: number;
};
const { post, close } = jsonPoster(base, ids.length, headers);

let ok = 0;
let failed = 0;
const t0 = Date.now();
const end = t0 + seconds * 1000;
await Promise.all(
  ids.map(async (id) => {
    const bodies = steps.map((s) => JSON.stringify({ id, ...s.body }));
    for (let i = 0; Date.now() < end; i++) {
      const k = i % steps.length;
      if ((await post(steps[k]!.path, bodies[k]!)) === 0) ok++;
      else failed++;
    }
  }),
);
close();
process.stdout.write(JSON.stringify({ ok, failed, seconds: (Date.now() - t0) / 1000 }));
