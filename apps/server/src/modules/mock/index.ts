/**
 * The development sample API of spec §7 (`/mock/*`), served only with MOCK_API=1. Sample users of the
 * roles admin, editor and test get random passwords and tokens at start, printed to the console once:
 * no sample password is written anywhere.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const MOCK_OK = 200;
const TABLE_TOTAL = 198;
const CATEGORY_TOTAL = 100;

interface SampleUser {
  username: string;
  password: string;
  token: string;
  info: { name: string; roles: string[] };
}

function sampleUsers(): SampleUser[] {
  return (['admin', 'editor', 'test'] as const).map((role) => ({
    username: role,
    password: randomBytes(9).toString('base64url'),
    token: `${role}-${randomBytes(12).toString('hex')}`,
    info: { name: role, roles: [role] },
  }));
}

const paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** Deterministic sample rows: the same page always shows the same rows. */
function sampleRows(total: number, page: number, pageSize: number, kind: 'table' | 'category') {
  const start = (page - 1) * pageSize;
  const rows = [];
  for (let i = start; i < Math.min(start + pageSize, total); i++) {
    rows.push(
      kind === 'table'
        ? {
            id: i + 1,
            title: `Sample row ${i + 1}`,
            author: `author${(i % 7) + 1}`,
            pageViews: (i * 37) % 1000,
            status: i % 3 === 0 ? 'draft' : 'published',
          }
        : { id: i + 1, name: `Category ${i + 1}`, parentId: i < 10 ? 0 : (i % 10) + 1 },
    );
  }
  return { list: rows, pager: { page, pageSize, total } };
}

export async function mockModule(fastify: FastifyInstance) {
  const users = sampleUsers();
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  fastify.log.info(
    { sampleUsers: users.map((u) => u.username) },
    'MOCK_API=1: development sample API under /mock (sample passwords printed to stdout once)',
  );
  process.stdout.write(
    `Mock sample users: ${users.map((u) => `${u.username} / ${u.password}`).join(', ')}\n`,
  );
  const cfg = { config: { access: 'public' as const, audit: false } };
  const byToken = (token: unknown) => users.find((u) => u.token === token);

  app.post(
    '/mock/user/login',
    { ...cfg, schema: { body: z.object({ username: z.string(), password: z.string() }) } },
    async (req) => {
      const user = users.find((u) => u.username === req.body.username && u.password === req.body.password);
      return user
        ? { code: MOCK_OK, data: { token: user.token } }
        : { code: 401, msg: 'wrong username or password', data: null };
    },
  );
  app.post(
    '/mock/user/info',
    { ...cfg, schema: { body: z.object({ token: z.string().optional() }).optional() } },
    async (req) => {
      const user = byToken(req.body?.token ?? req.headers.access_token);
      return user
        ? { code: MOCK_OK, data: { info: user.info } }
        : { code: 403, msg: 'no access permission', data: null };
    },
  );
  for (const path of [
    '/mock/user/out',
    '/mock/user/passwordChange',
    '/mock/table/add',
    '/mock/table/update',
    '/mock/table/del',
  ]) {
    app.post(path, cfg, async () => ({ code: MOCK_OK, data: null }));
  }
  app.post('/mock/table/list', { ...cfg, schema: { body: paging } }, async (req) => ({
    code: MOCK_OK,
    data: sampleRows(TABLE_TOTAL, req.body.page, req.body.pageSize, 'table'),
  }));
  app.post('/mock/table/category', { ...cfg, schema: { body: paging } }, async (req) => ({
    code: MOCK_OK,
    data: sampleRows(CATEGORY_TOTAL, req.body.page, req.body.pageSize, 'category'),
  }));
  app.post('/mock/table/tree', cfg, async () => ({
    code: MOCK_OK,
    data: [1, 2, 3].map((i) => ({
      id: i,
      label: `Node ${i}`,
      children: [1, 2].map((j) => ({ id: i * 10 + j, label: `Node ${i}-${j}` })),
    })),
  }));
}
