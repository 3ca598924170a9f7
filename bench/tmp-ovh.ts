import { Session } from 'node:inspector/promises';
import { makeWorld } from './setup.ts';
import { list, overhead } from './scale.ts';
import type { Row } from './stats.ts';
const n = Number(process.argv[2] ?? 100000);
const w = await makeWorld(n);
const rows: Row[] = [];
await overhead(w, rows, 300);
console.log(rows[0]!.workload, rows[0]!.figure);
const body = { page: 1, pageSize: 20 };
for (let i = 0; i < 200; i++) await list(w, body);
const session = new Session(); session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 50 });
await session.post('Profiler.start');
for (let i = 0; i < 3000; i++) await list(w, body);
const { profile } = await session.post('Profiler.stop');
const byNode = new Map(profile.nodes.map((x) => [x.id, x]));
const parent = new Map<number, number>();
for (const x of profile.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
const hits = new Map<number, number>();
for (const s of profile.samples ?? []) hits.set(s, (hits.get(s) ?? 0) + 1);
const total = profile.samples!.length;
const incl = new Map<string, number>();
const self = new Map<string, number>();
for (const [id, k] of hits) {
  const seen = new Set<string>();
  let cur: number | undefined = id;
  let first = true;
  while (cur !== undefined) {
    const f = byNode.get(cur)!.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/.*\/(node_modules\/)?/, '')}:${f.lineNumber + 1}`;
    if (first) { self.set(key, (self.get(key) ?? 0) + k); first = false; }
    if (!seen.has(key)) { incl.set(key, (incl.get(key) ?? 0) + k); seen.add(key); }
    cur = parent.get(cur);
  }
}
const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([s, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}% ${s}`).join('\n');
console.log('INCLUSIVE\n' + top(incl, 70));
console.log('SELF\n' + top(self, 30));
await w.close();
process.exit(0);
