/**
 * The route-driven fuzz suite (issue 18): every route of the registry, with the input shapes of the
 * OpenAPI document, gets hostile values per field type (NUL, lone surrogate, very long strings,
 * int32/int64 edges, fractions, +-1e308, NaN-like strings, dates out of range, deep and huge JSON,
 * wrong types, unknown fields), signed in as the administrator with a valid authenticator code. No
 * answer may be a 5xx or carry SQL or stack text, and the database must be exactly as before.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemo } from '../src/demo/generate.ts';
import { ensureSandboxMarket } from '../src/modules/mockTrade/sandbox-market.ts';
import { operators } from '../src/modules/sys/schema.ts';
import { fingerprint } from './fuzz/db-state.ts';
import { type FuzzRoute, fuzzRoutes } from './fuzz/routes.ts';
import {
  DEEP_JSON,
  HUGE_JSON,
  hostileFor,
  type JsonSchema,
  plausible,
  sample,
  serialize,
  typeOf,
  type ValueClass,
} from './fuzz/values.ts';
import {
  bindAuthenticator,
  createTestApp,
  type Session,
  signInAdmin,
  type TestApp,
  totpCode,
} from './harness.ts';

const CLASSES_PER_FIELD = 3;
const LEAK = [
  /\b(select|insert into|update|delete from)\b[\s\S]*\b(from|set|values|where)\b/i,
  /failed query/i,
  /\bat .+\.(ts|js|mjs):\d+/,
  /node_modules/,
  /DrizzleQueryError|DatabaseError|RangeError|TypeError/,
];

/** Leaf fields of a schema with their dotted path (into nested objects, array items and tuples). */
function leaves(schema: JsonSchema, resolve: (s?: JsonSchema) => JsonSchema, path: string[] = []) {
  const out: { path: string[]; schema: JsonSchema }[] = [];
  const s = resolve(schema);
  const branch = (s.anyOf ?? s.oneOf)?.map(resolve).find((b) => b.type !== 'null');
  const plain = branch ?? s;
  if (path.length) out.push({ path, schema: plain });
  if (path.length > 3) return out;
  if (typeOf(plain) === 'object' && plain.properties) {
    for (const [k, v] of Object.entries(plain.properties)) out.push(...leaves(v, resolve, [...path, k]));
  } else if (typeOf(plain) === 'array') {
    const item = plain.prefixItems?.[0] ?? (Array.isArray(plain.items) ? plain.items[0] : plain.items);
    if (item) out.push(...leaves(item, resolve, [...path, '0']));
  }
  return out;
}

/** A plausible body with one value replaced (arrays keep their other items plausible). */
function withValue(base: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(base) || head === '0') {
    const arr = Array.isArray(base) ? [...base] : [];
    arr[0] = withValue(arr[0], rest, value);
    return arr;
  }
  const obj = base && typeof base === 'object' ? { ...(base as Record<string, unknown>) } : {};
  obj[head] = withValue(obj[head], rest, value);
  return obj;
}

function queryString(q: Record<string, unknown>): string {
  return Object.entries(q)
    .map(([k, v]) => {
      const text = typeof v === 'string' && v !== DEEP_JSON.value ? v : serialize(v);
      // encodeURIComponent refuses a lone surrogate: send its (invalid) UTF-8 bytes instead.
      const enc = text.includes('\ud800')
        ? text.split('\ud800').map(encodeURIComponent).join('%ED%A0%80')
        : encodeURIComponent(text);
      return `${k}=${enc}`;
    })
    .join('&');
}

interface Case {
  route: FuzzRoute;
  what: string;
  body?: unknown;
  query?: string;
}

function casesOf(route: FuzzRoute, resolve: (s?: JsonSchema) => JsonSchema, seed: number): Case[] {
  const cases: Case[] = [];
  if (route.body) {
    const base = plausible(route.body);
    const add = (what: string, body: unknown) => cases.push({ route, what, body });
    add('unknown top-level field', { ...(base as object), __fuzz: 1 });
    add('array for the body', [base]);
    add(DEEP_JSON.name, DEEP_JSON.value);
    add(HUGE_JSON.name, { ...(base as object), __huge: HUGE_JSON.value });
    leaves(route.body, resolve).forEach((leaf, i) => {
      for (const c of sample(hostileFor(leaf.schema), CLASSES_PER_FIELD, seed + i)) {
        add(`${leaf.path.join('.')} = ${c.name}`, withValue(base, leaf.path, c.value));
      }
    });
  }
  if (route.query) {
    const base: Record<string, unknown> = {};
    for (const k of route.queryRequired) base[k] = plausible(route.query[k]!);
    cases.push({ route, what: 'unknown query field', query: queryString({ ...base, __fuzz: '1' }) });
    Object.entries(route.query).forEach(([name, schema], i) => {
      const classes: ValueClass[] = sample(hostileFor(schema), CLASSES_PER_FIELD + 2, seed + i);
      for (const c of classes) {
        cases.push({ route, what: `?${name} = ${c.name}`, query: queryString({ ...base, [name]: c.value }) });
      }
    });
  }
  return cases;
}

describe('fuzzing every route of the registry', () => {
  let t: TestApp;
  let admin: Session;
  let secret: string;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp({ listRatePerMinute: 0 });
    // Real rows behind the plausible ids (1), so that requests reach past "not found".
    await generateDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), {
      merchants: 2,
      members: 5,
      seed: 11,
      batch: 5,
    });
    // The simulator's sandbox corner (merchant, pool, rule) is made on its first use, by any read of a
    // simulator page; made here, so what is compared below is what hostile input changed.
    await ensureSandboxMarket(t.ctx);
    admin = await signInAdmin(t);
    const [op] = await t.ctx.db.select().from(operators).where(eq(operators.username, 'admin'));
    adminId = op!.id;
    secret = await bindAuthenticator(t, admin, adminId);
  });
  afterAll(() => t.close());

  it('answers hostile input with 4xx, never 5xx or internals, and changes nothing', async () => {
    const { routes, resolve } = fuzzRoutes(t);
    // Signing out would end the fuzzing session; it takes no input anyway.
    const targets = routes.filter((r) => r.url !== '/api/logout' && (r.body || r.query));
    expect(targets.length).toBeGreaterThan(40);
    const before = await fingerprint(t.ctx.pool);
    const failures: string[] = [];
    let sent = 0;
    let codeSpent = true;
    for (const [i, route] of targets.entries()) {
      for (const c of casesOf(route, resolve, i)) {
        // A fresh, valid code for every call: the code check is never what refuses the input.
        if (codeSpent) {
          await t.ctx.db
            .update(operators)
            .set({ totpLastStep: null, totpFailures: 0, totpLockedUntil: null })
            .where(eq(operators.id, adminId));
          codeSpent = false;
        }
        const res = await t.app.inject({
          method: route.method,
          url: c.query ? `${route.url}?${c.query}` : route.url,
          headers: {
            access_token: admin.token,
            cookie: `payops_session=${admin.cookie}`,
            googlecode: await totpCode(t, secret),
            'accept-language': i % 2 ? 'en-US' : 'zh-CN',
            ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(c.body !== undefined ? { payload: serialize(c.body) } : {}),
        });
        sent++;
        // The code is checked only after validation passed: anything but a 400 may have spent it.
        codeSpent = res.statusCode !== 400;
        const where = `${route.method} ${route.url} [${c.what}]`;
        if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode < 400)
          failures.push(`${where}: accepted (${res.statusCode}) ${res.body.slice(0, 120)}`);
        const leak = LEAK.find((re) => re.test(res.body));
        if (leak) failures.push(`${where}: internals in the answer (${leak}) ${res.body.slice(0, 200)}`);
      }
    }
    const after = await fingerprint(t.ctx.pool);
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    console.log(`fuzz: ${targets.length} routes, ${sent} requests, ${failures.length} failures`);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(changed).toEqual([]);
  }, 300_000);
});
