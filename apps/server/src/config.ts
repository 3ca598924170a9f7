/**
 * Configuration, parsed and validated once from the environment. Nothing else reads process.env.
 */
import path from 'node:path';
import { z } from 'zod';

const csv = z
  .string()
  .optional()
  .transform((s) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Port of the embedded PostgreSQL when DATABASE_URL is not set. */
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(15),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** Minutes an unmask of personal data lasts before masking applies again. */
  UNMASK_MINUTES: z.coerce.number().positive().max(720).default(10),
  /** The platform's time zone: exported times are written in it, and the file says which. */
  PLATFORM_TIME_ZONE: z
    .string()
    .default('Asia/Shanghai')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'not an IANA time zone'),
  /** Addresses or CIDRs of the reverse proxies whose X-Forwarded-For is believed. Never "true". */
  TRUSTED_PROXIES: csv,
  /** Minimum length of new passwords: 8 by the spec's hint, 12 for PCI DSS. */
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(8).max(64).default(8),
  PASSWORD_MAX_LENGTH: z.coerce.number().int().min(8).max(128).default(16),
  /** Base64 of 32 bytes encrypting authenticator secrets; else a key file in DATA_DIR. */
  SECRET_KEY: z.string().optional(),
  /** PEM of the RSA private key for password transport; else a key file in DATA_DIR. */
  RSA_PRIVATE_KEY: z.string().optional(),
  /** Usernames that see the wallet cashier pages (also editable in the back-office config). */
  CASHIER_STAFF: csv,
  /** Serve the development sample API under /mock (spec §7). Never in production. */
  MOCK_API: z.enum(['0', '1']).default('0'),
  /** Mark the session cookie Secure (behind HTTPS). */
  COOKIE_SECURE: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  LIST_RATE_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  MERCHANT_API_RATE_PER_MINUTE: z.coerce.number().int().min(0).default(3000),
  /** The origin upstream providers call back (https://pay.example.com); default: the listening address. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  /** How long the platform waits for an upstream provider's answer before trying the next passage. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * The built-in sandbox upstream provider (/sandbox/upstream) and sandbox merchant
   * (/api/sandbox/merchant). Default: on with the embedded (demo) database, off with DATABASE_URL.
   */
  SANDBOX: z.enum(['0', '1']).optional(),
  /**
   * Origins (https://pay.internal:8443) the platform may call although they are on a private or
   * loopback address. The server's own origin is added while the sandbox is on.
   */
  OUTBOUND_ALLOWED_ORIGINS: csv,
  /** Port of the sandbox bank's IMAP server on 127.0.0.1 (modules/email/sandbox), while SANDBOX is on. */
  SANDBOX_IMAP_PORT: z.coerce.number().int().min(0).max(65535).default(10143),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort: number;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  unmaskMs: number;
  timeZone: string;
  trustedProxies: string[];
  passwordMinLength: number;
  passwordMaxLength: number;
  secretKey?: string;
  rsaPrivateKey?: string;
  cashierStaff: string[];
  mockApi: boolean;
  cookieSecure: boolean;
  logLevel: string;
  webDist: string;
  /** List and export calls per operator per minute (0: unlimited, e.g. for the bench). */
  listRatePerMinute: number;
  /** Merchant API calls per merchant per minute (0: unlimited, e.g. for the bench). */
  merchantApiRatePerMinute: number;
  /** Origin of this server as providers (and the built-in sandbox) reach it; '' = the listening address. */
  publicOrigin: string;
  upstreamTimeoutMs: number;
  /** The built-in sandbox provider and merchant are served (and the server's origin may be called). */
  sandbox: boolean;
  /** Origins outbound calls may reach whatever their address (outbound.ts); normalised, no slash. */
  outboundAllowedOrigins: string[];
  /** The sandbox bank's IMAP port (0: any free port, for tests). */
  sandboxImapPort: number;
}

/** `scheme://host:port` of a URL as outbound.ts compares it; an unreadable one stops the start. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`Invalid configuration: OUTBOUND_ALLOWED_ORIGINS: ${url} is not a URL`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${fields}`);
  }
  const e = parsed.data;
  const sandbox = e.SANDBOX ? e.SANDBOX === '1' : !e.DATABASE_URL;
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    unmaskMs: e.UNMASK_MINUTES * 60_000,
    timeZone: e.PLATFORM_TIME_ZONE,
    trustedProxies: e.TRUSTED_PROXIES,
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    passwordMaxLength: Math.max(e.PASSWORD_MAX_LENGTH, e.PASSWORD_MIN_LENGTH),
    secretKey: e.SECRET_KEY,
    rsaPrivateKey: e.RSA_PRIVATE_KEY,
    // The demo platform (sandbox on) shows the cashier pages to its administrator unless told otherwise.
    cashierStaff: env.CASHIER_STAFF === undefined && sandbox ? ['admin'] : e.CASHIER_STAFF,
    mockApi: e.MOCK_API === '1',
    cookieSecure: e.COOKIE_SECURE === '1',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    listRatePerMinute: e.LIST_RATE_PER_MINUTE,
    merchantApiRatePerMinute: e.MERCHANT_API_RATE_PER_MINUTE,
    publicOrigin: (e.PUBLIC_ORIGIN ?? '').replace(/\/+$/, ''),
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    sandbox,
    outboundAllowedOrigins: e.OUTBOUND_ALLOWED_ORIGINS.map(originOf),
    sandboxImapPort: e.SANDBOX_IMAP_PORT,
    ...overrides,
  };
}
