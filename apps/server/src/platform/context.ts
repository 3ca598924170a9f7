/** What every module gets from the platform, and the request fields the platform fills in. */
import type { Locale } from '@payops/contracts';
import type pg from 'pg';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { IpFilter } from './ip-filter.ts';
import type { Keys } from './keys.ts';

export interface AppContext {
  config: Config;
  db: Db;
  pool: pg.Pool;
  clock: Clock;
  keys: Keys;
}

/** Who may call a route: anyone, any signed-in operator, or holders of a permission. */
export type Access = 'public' | 'session' | { permission: string };

export interface AuthContext {
  operatorId: number;
  username: string;
  sessionId: number;
  /** Personal data is shown in clear for this session (unmasked with a code, until unmaskedUntil). */
  unmasked: boolean;
  unmaskedUntil: Date | null;
}

/** What a handler tells the audit hook about the object it touched. */
export interface AuditNote {
  objectType?: string;
  objectId?: string | number;
  before?: unknown;
  after?: unknown;
  extra?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** true: write an operation-log row even for a GET (unmask, QR); false: a read-only POST (lists). */
    audit?: boolean;
    /** The catalogue action an audit row names for a session route that is one (own password change). */
    auditAs?: string;
    /** Reachable by a signed-in operator who must still bind an authenticator (the binding itself). */
    beforeBinding?: boolean;
    /** A public route that checks the caller's address itself (the merchant API's per-merchant white list). */
    ownIpCheck?: boolean;
    /** The longest string the body may hold when past STRING_HARD_MAX: a file in base64 (a voucher). */
    stringMax?: number;
    /**
     * The handler's own statement carries the session check (carried-auth.ts): the guard leaves the
     * session to it (`pendingAuth`) instead of a round trip of its own. A list route's.
     */
    carriesAuth?: boolean;
  }
  interface FastifyRequest {
    auth?: AuthContext;
    /** The envelope code answered, for the audit hook. */
    resultCode?: number;
    /** The answer's message worded in any language (the placement log keeps a refusal in each). */
    toldIn?: (locale: Locale) => string;
    auditNote?: AuditNote;
    /** The handler wrote its success row inside its transaction (audit-request.ts): none from onSend. */
    auditWritten?: boolean;
    /** The permission whose session check the handler's statement carries, until it is settled (admission.ts). */
    pendingAuth?: string;
    /** The permission needs a code: the guard checks it after the body is validated. */
    codeNeeded?: boolean;
    /** The guard checked an authenticator code for this request. */
    codeVerified?: boolean;
  }
  interface FastifyInstance {
    ctx: AppContext;
    ipFilter: IpFilter;
  }
}
