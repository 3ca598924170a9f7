/**
 * The upstream adapter interface: how the platform talks to one kind of provider (adapter.ts picks
 * one by the third party's `interface_type`), and the errors an upstream call ends with.
 */
import { type CallbackRefusal, systemText } from '@payops/contracts';

/** What an adapter needs of a third party, its secret opened. */
export interface ThirdPartyAccess {
  id: number;
  code: string;
  interfaceType: string;
  /** The provider's API root, no trailing slash. */
  baseUrl: string;
  mchNo: string;
  secret: string;
  timeoutMs: number;
  /** Origins callable whatever their address (platform/outbound.ts): the sandbox on this server. */
  allowedOrigins: readonly string[];
  /** The interface config's URLs (endpoints.ts); a missing one is the protocol's path under baseUrl. */
  endpoints: UpstreamEndpoints;
}

/** Absolute URLs of a provider's calls, as its interface config names them. */
export interface UpstreamEndpoints {
  payment?: string;
  payout?: string;
  query?: string;
}

export type UpstreamStatus = 'pending' | 'paid' | 'failed';
export type UpstreamKind = 'payment' | 'payout';

export interface PaymentRequest {
  orderNo: string;
  amount: string;
  payType: string;
  notifyUrl: string;
}

export interface PayoutRequest {
  orderNo: string;
  amount: string;
  bankCode: string;
  bankName: string;
  accountName: string;
  accountNo: string;
  notifyUrl: string;
}

/** The provider's view of an order (a query answer, or a verified callback). */
export interface UpstreamOrderState {
  orderNo: string;
  upstreamOrderNo: string;
  kind: UpstreamKind;
  status: UpstreamStatus;
  amount: string;
  /** The provider's own words on a failure, kept as the order's failure reason. */
  message?: string;
}

export interface UpstreamAdapter {
  createPayment(
    tp: ThirdPartyAccess,
    req: PaymentRequest,
    now: Date,
  ): Promise<{ upstreamOrderNo: string; payUrl: string }>;
  createPayout(tp: ThirdPartyAccess, req: PayoutRequest, now: Date): Promise<{ upstreamOrderNo: string }>;
  queryOrder(
    tp: ThirdPartyAccess,
    orderNo: string,
    kind: UpstreamKind,
    now: Date,
  ): Promise<UpstreamOrderState>;
  /** Verifies and reads a callback body; throws CallbackRefused when it is malformed or badly signed. */
  parseCallback(tp: ThirdPartyAccess, body: unknown): UpstreamOrderState;
  /**
   * The provider's statement of a business day (YYYY-MM-DD) as a CSV file, in the columns of its
   * interface type's statement mapping (order/reconciliationPage). Absent: the provider has none.
   */
  statement?(tp: ThirdPartyAccess, day: string, now: Date): Promise<{ fileName: string; content: string }>;
  /**
   * What the platform holds at the provider now (its balance query), a decimal string (negative when
   * overdrawn) in `currency`. Absent: the provider has no balance query.
   */
  balance?(tp: ThirdPartyAccess, now: Date): Promise<{ balance: string; currency: string }>;
}

/**
 * Why an upstream call failed: `timeout`, `network` (no connection) and `http` (a 5xx, a broken
 * answer) count against the passage's health; `refused` (the provider said no to this order) and
 * `not_found` (a query about an order the provider never received) do not.
 */
export type UpstreamErrorKind = 'timeout' | 'network' | 'http' | 'bad_answer' | 'refused' | 'not_found';

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamErrorKind,
    message: string,
  ) {
    super(message);
  }

  /** The passage, not the order, is at fault. */
  get countsAgainstHealth(): boolean {
    return this.kind !== 'refused' && this.kind !== 'not_found';
  }
}

/** A callback the platform does not apply: why, and a detail in no language (a field, a value). */
export class CallbackRefused extends Error {
  constructor(
    readonly why: CallbackRefusal,
    readonly detail?: string,
  ) {
    super(detail ? `${why}: ${detail}` : why);
  }

  /** As stored on the callback row: a system text, read in the reader's language. */
  get stored(): string {
    return systemText(`callbackRefused.${this.why}`, this.detail);
  }
}
