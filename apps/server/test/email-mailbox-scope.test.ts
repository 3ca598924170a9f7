/**
 * Mailbox assignments limit what an operator sees (issue 12): an operator without the administrator
 * role sees the email orders of the mailboxes assigned to them only, in the list (whatever they
 * filter), a record's detail and the header's failed-match count; an administrator sees every one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAssignments } from '../src/modules/email/email.schema.ts';
import { notificationEmail } from '../src/modules/email/sandbox/bank.ts';
import { merchants } from '../src/modules/mch/schema.ts';
import { addSandboxMailbox, uploadEml } from './email-support.ts';
import {
  call,
  createOperator,
  createTestApp,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
} from './harness.ts';
import { makeMerchant } from './openapi-client.ts';

let t: TestApp;
let admin: Session;
let clerk: Session;
const orders: Record<'a' | 'b', number> = { a: 0, b: 0 };

const unmatched = (tail: string) =>
  notificationEmail(
    'ICBC',
    { amount: '77.70', accountTail: tail, payerName: '李四', paidAt: new Date() },
    'n@bank',
    new Date(),
  );

beforeAll(async () => {
  t = await createTestApp({ sandbox: true });
  admin = await signInAdmin(t);
  const a = await addSandboxMailbox(t, admin, 'scope-a', 'ICBC');
  const b = await addSandboxMailbox(t, admin, 'scope-b', 'ICBC');
  orders.a = Number((await uploadEml(t, admin, unmatched('1111'), { mailboxId: a })).envelope.data.id);
  orders.b = Number((await uploadEml(t, admin, unmatched('2222'), { mailboxId: b })).envelope.data.id);
  // A clerk (editor role, plus the header counts) assigned mailbox A only.
  const clerkId = await createOperator(t, 'clerk', 'Clerk1234567', ['editor']);
  await t.ctx.pool.query(
    `INSERT INTO role_resources (role_id, resource_id)
       SELECT r.id, s.id FROM roles r, resources s WHERE r.code = 'editor' AND s.permission = 'order.countTransferOrder'`,
  );
  await makeMerchant(t, { depositRate: '0.01', withdrawRate: '0.01' });
  const [m] = await t.ctx.db.select({ id: merchants.id }).from(merchants).limit(1);
  await t.ctx.db.insert(emailAssignments).values({ mailboxId: a, operatorId: clerkId, merchantId: m!.id });
  clerk = await signIn(t, 'clerk', 'Clerk1234567');
}, 60_000);
afterAll(() => t.close());

const list = async (session: Session, filters: Record<string, unknown> = {}) => {
  const res = await call<{ list: { id: number }[] }>(t, 'POST', '/api/pay/emailOrder/findByPage', {
    session,
    body: { filters, page: 1, pageSize: 50 },
  });
  expect(res.envelope.code, res.body).toBe(0);
  return res.envelope.data.list.map((r) => Number(r.id)).sort();
};

const badge = async (session: Session) => {
  const now = Date.now();
  const res = await call<{ failedMatchEmailOrderCount: number }>(
    t,
    'POST',
    '/api/pay/transferOrder/countTransferOrder',
    {
      session,
      body: {
        startTime: new Date(now - 86_400_000).toISOString(),
        endTime: new Date(now + 86_400_000).toISOString(),
      },
    },
  );
  expect(res.envelope.code, res.body).toBe(0);
  return res.envelope.data.failedMatchEmailOrderCount;
};

describe('mailbox assignments', () => {
  it('an assigned operator sees their mailboxes’ email orders only; an administrator sees all', async () => {
    expect(await list(admin)).toEqual([orders.a, orders.b].sort());
    expect(await list(clerk)).toEqual([orders.a]);
    // Filtering on the other mailbox, or its record's detail, shows nothing of it.
    const other = (await t.ctx.pool.query('SELECT mailbox_id FROM email_orders WHERE id = $1', [orders.b]))
      .rows[0];
    expect(await list(clerk, { mailboxId: Number(other.mailbox_id) })).toEqual([]);
    const detail = await call(t, 'GET', `/api/pay/emailOrder/getById?id=${orders.b}`, { session: clerk });
    expect(detail.statusCode).toBe(404);
    const mine = await call(t, 'GET', `/api/pay/emailOrder/getById?id=${orders.a}`, { session: clerk });
    expect(mine.statusCode).toBe(200);
  });

  it('the header’s failed-match count follows the same mailboxes', async () => {
    expect(await badge(admin)).toBe(2);
    expect(await badge(clerk)).toBe(1);
  });
});
