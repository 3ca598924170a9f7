/**
 * The `sandbox` interface type: the platform's side of the sandbox protocol, over real HTTP (fetch).
 * Requests and answers are flat JSON objects signed with the third party's secret (signing.ts); an
 * answer is believed only when its signature holds. Every failure becomes an UpstreamError whose kind
 * says whether the passage or the order is at fault.
 */
import type { CallbackRefusal } from '@payops/contracts';
import {
  type OutboundAnswer,
  OutboundTimeout,
  outboundErrorText,
  postJson,
} from '../../platform/outbound.ts';
import { asParams, type Params, signed, verify } from './signing.ts';
import {
  CallbackRefused,
  type ThirdPartyAccess,
  type UpstreamAdapter,
  UpstreamError,
  type UpstreamKind,
  type UpstreamOrderState,
  type UpstreamStatus,
} from './types.ts';

/** The sandbox's paths under the third party's base URL (its API root, e.g. <origin>/sandbox/upstream). */
/** The sandbox's business code of "no such order" (its query answers it). */
export const SANDBOX_NOT_FOUND = 404;

export const SANDBOX_PATHS = {
  pay: '/pay/create',
  payout: '/payout/create',
  query: { payment: '/pay/query', payout: '/payout/query' },
  statement: '/statement',
  balance: '/balance/query',
} as const;

/** A statement answer: up to 64 MB (a 100k-line day is about 10 MB), given a minute. */
const STATEMENT_LIMITS = { maxBytes: 64 << 20, timeoutMs: 60_000 };

/**
 * A signed call and its verified answer; the sandbox P2P market (modules/trade) speaks it too. `path`
 * is under the party's base URL, or an absolute URL (an interface config's, endpoints.ts).
 */
export async function post(
  tp: ThirdPartyAccess,
  path: string,
  params: Params,
  now: Date,
  limits: { maxBytes?: number; timeoutMs?: number } = {},
): Promise<Params> {
  const timeoutMs = Math.max(tp.timeoutMs, limits.timeoutMs ?? 0);
  const absolute = /^https?:\/\//i.test(path);
  if (!absolute && !tp.baseUrl)
    throw new UpstreamError('network', `${tp.code}: no base URL (the server is not listening yet)`);
  let res: OutboundAnswer;
  try {
    res = await postJson(
      tp.allowedOrigins,
      absolute ? path : `${tp.baseUrl}${path}`,
      JSON.stringify(signed(tp.secret, { mchNo: tp.mchNo, ...params }, now)),
      timeoutMs,
      limits.maxBytes,
    );
  } catch (e) {
    if (e instanceof OutboundTimeout)
      throw new UpstreamError('timeout', `${tp.code}: no answer within ${timeoutMs} ms`);
    // A base URL the outbound guard refuses is the passage's fault, like an address that does not answer.
    throw new UpstreamError('network', `${tp.code}: ${outboundErrorText(e)}`);
  }
  let answer: Params | null;
  try {
    answer = asParams(JSON.parse(res.body));
  } catch {
    answer = null;
  }
  if (res.status >= 500 && !(answer && typeof answer.msg === 'string')) {
    throw new UpstreamError('http', `${tp.code}: HTTP ${res.status}`);
  }
  if (!answer) throw new UpstreamError('bad_answer', `${tp.code}: HTTP ${res.status}, not a JSON object`);
  if (res.status >= 500) throw new UpstreamError('http', `${tp.code}: HTTP ${res.status} ${answer.msg}`);
  if (!verify(tp.secret, answer))
    throw new UpstreamError('bad_answer', `${tp.code}: answer signature invalid`);
  if (answer.code === SANDBOX_NOT_FOUND) throw new UpstreamError('not_found', `${tp.code}: ${answer.msg}`);
  if (answer.code !== 0)
    throw new UpstreamError('refused', `${tp.code}: ${answer.msg ?? `code ${answer.code}`}`);
  return answer;
}

function text(p: Params, name: string, kind: 'answer' | 'callback'): string {
  const v = p[name];
  if (typeof v !== 'string' || v === '') {
    throw kind === 'answer'
      ? new UpstreamError('bad_answer', `${name} missing`)
      : new CallbackRefused('missing', name);
  }
  return v;
}

const STATUSES: readonly UpstreamStatus[] = ['pending', 'paid', 'failed'];
const KINDS: readonly UpstreamKind[] = ['payment', 'payout'];

function stateOf(p: Params, kind: 'answer' | 'callback'): UpstreamOrderState {
  const status = text(p, 'status', kind) as UpstreamStatus;
  const orderKind = text(p, 'kind', kind) as UpstreamKind;
  const amount = text(p, 'amount', kind);
  const bad = (why: CallbackRefusal, m: string, detail?: string) =>
    kind === 'answer' ? new UpstreamError('bad_answer', m) : new CallbackRefused(why, detail);
  if (!STATUSES.includes(status)) throw bad('badStatus', `status ${status} unknown`, status);
  if (!KINDS.includes(orderKind)) throw bad('badKind', `kind ${orderKind} unknown`, orderKind);
  if (!/^\d{1,20}(\.\d{1,8})?$/.test(amount)) throw bad('amountMalformed', 'amount malformed');
  return {
    orderNo: text(p, 'orderNo', kind),
    upstreamOrderNo: text(p, 'upstreamOrderNo', kind),
    kind: orderKind,
    status,
    amount,
    ...(typeof p.failReason === 'string' && p.failReason ? { message: p.failReason } : {}),
  };
}

export const sandboxAdapter: UpstreamAdapter = {
  async createPayment(tp, req, now) {
    const a = await post(tp, tp.endpoints.payment ?? SANDBOX_PATHS.pay, { ...req }, now);
    return { upstreamOrderNo: text(a, 'upstreamOrderNo', 'answer'), payUrl: text(a, 'payUrl', 'answer') };
  },
  async createPayout(tp, req, now) {
    const a = await post(tp, tp.endpoints.payout ?? SANDBOX_PATHS.payout, { ...req }, now);
    return { upstreamOrderNo: text(a, 'upstreamOrderNo', 'answer') };
  },
  async queryOrder(tp, orderNo, kind, now) {
    const url = tp.endpoints.query ?? SANDBOX_PATHS.query[kind];
    return stateOf(await post(tp, url, { orderNo, kind }, now), 'answer');
  },
  async statement(tp, day, now) {
    const a = await post(tp, SANDBOX_PATHS.statement, { day }, now, STATEMENT_LIMITS);
    return { fileName: text(a, 'fileName', 'answer'), content: typeof a.csv === 'string' ? a.csv : '' };
  },
  async balance(tp, now) {
    const a = await post(tp, SANDBOX_PATHS.balance, {}, now);
    const balance = text(a, 'balance', 'answer');
    if (!/^-?\d{1,20}(\.\d{1,8})?$/.test(balance)) throw new UpstreamError('bad_answer', 'balance malformed');
    return { balance, currency: text(a, 'currency', 'answer') };
  },
  parseCallback(tp, body) {
    const p = asParams(body);
    if (!p) throw new CallbackRefused('notFlat');
    if (p.mchNo !== tp.mchNo) throw new CallbackRefused('mchNoMismatch');
    if (!verify(tp.secret, p)) throw new CallbackRefused('badSignature');
    return stateOf(p, 'callback');
  },
};
