/**
 * Calls the platform makes to addresses someone typed in (a merchant's notify URL, a provider's API
 * base URL, the notify URL a sandbox order names): the one guard against server-side request forgery.
 *
 * Refused: schemes other than http(s), and hosts that are or resolve to loopback, private, shared
 * (CGNAT), link-local (169.254/16: the cloud metadata service), unspecified, multicast or reserved
 * addresses, IPv4 or IPv6 (IPv4-mapped and NAT64 forms read as the IPv4 inside). The check runs on
 * the address the socket connects to (the agents' DNS lookup), so a name that resolves to 127.0.0.1,
 * or re-resolves there after a check, is caught too. Redirects are never followed (node:http does not).
 *
 * One allow-list passes an origin whatever its address: OUTBOUND_ALLOWED_ORIGINS, plus the server's
 * own origin while the built-in sandbox is on (the sandbox provider and merchant live on this server).
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { type BlockedKind, type Locale, OUTBOUND_BLOCK_LABELS, systemText } from '@payops/contracts';
import { platformOrigin } from '../modules/upstream/origin.ts';
import type { AppContext } from './context.ts';
import { fieldError, type Wording } from './errors.ts';

export type { BlockedKind };

const V4: Record<Exclude<BlockedKind, 'scheme' | 'malformed'>, string[]> = {
  unspecified: ['0.0.0.0/8'],
  loopback: ['127.0.0.0/8'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '198.18.0.0/15'],
  linkLocal: ['169.254.0.0/16'],
  multicast: ['224.0.0.0/4'],
  reserved: ['192.0.0.0/24', '192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '240.0.0.0/4'],
};
const V6: Record<Exclude<BlockedKind, 'scheme' | 'malformed'>, string[]> = {
  unspecified: ['::/128'],
  loopback: ['::1/128'],
  private: ['fc00::/7', 'fec0::/10'],
  linkLocal: ['fe80::/10'],
  multicast: ['ff00::/8'],
  reserved: ['2001:db8::/32', '100::/64'],
};

const lists = Object.keys(V4).map((kind) => {
  const list = new BlockList();
  for (const cidr of V4[kind as keyof typeof V4]) {
    const [a, bits] = cidr.split('/');
    list.addSubnet(a!, Number(bits), 'ipv4');
  }
  for (const cidr of V6[kind as keyof typeof V6]) {
    const [a, bits] = cidr.split('/');
    list.addSubnet(a!, Number(bits), 'ipv6');
  }
  return { kind: kind as BlockedKind, list };
});

/** The 16 bytes of an IPv6 address (`::`, and a dotted IPv4 tail, expanded). */
function v6Bytes(address: string): number[] {
  let s = address.split('%')[0]!;
  const tail = s.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (tail) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    s = `${s.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = s.split('::');
  const part = (x: string) => (x ? x.split(':') : []);
  const groups =
    rest === undefined
      ? part(head)
      : [...part(head), ...Array(8 - part(head).length - part(rest).length).fill('0'), ...part(rest)];
  return groups.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96), if any. */
function embeddedV4(address: string): string | null {
  const b = v6Bytes(address);
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const mapped = zeros(0, 10) && b[10] === 0xff && b[11] === 0xff;
  const nat64 = b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12);
  return mapped || nat64 ? b.slice(12).join('.') : null;
}

/** Why calling this IP address is refused; null when it is a public address. */
export function blockedAddress(ip: string): BlockedKind | null {
  const family = isIP(ip);
  if (!family) return 'malformed';
  if (family === 6) {
    const v4 = embeddedV4(ip);
    if (v4) return blockedAddress(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const { kind, list } of lists) if (list.check(ip.split('%')[0]!, type)) return kind;
  return null;
}

export class OutboundRefused extends Error {
  constructor(
    readonly kind: BlockedKind,
    readonly target: string,
  ) {
    super(`refused by the outbound guard: ${target} is ${DESCRIPTION[kind]['en-US']}`);
  }
}

const DESCRIPTION = Object.fromEntries(
  Object.entries(OUTBOUND_BLOCK_LABELS).map(([kind, [zh, en]]) => [kind, { 'zh-CN': zh, 'en-US': en }]),
) as Record<BlockedKind, Record<Locale, string>>;

/** The origins called whatever their address (see the file's comment). */
export function allowedOrigins(ctx: AppContext): string[] {
  const own = ctx.config.sandbox ? platformOrigin(ctx) : null;
  return own
    ? [...ctx.config.outboundAllowedOrigins, new URL(own).origin]
    : ctx.config.outboundAllowedOrigins;
}

/**
 * What can be told of a URL without resolving it: the scheme, an IP literal host, and (`names`, at
 * save time) the name `localhost`; a call resolves names through the guard instead.
 * null: it may be called (the call still checks the address it connects to).
 */
export function urlRefusal(
  allowed: readonly string[],
  raw: string,
  names = true,
): { kind: BlockedKind; target: string } | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'malformed', target: raw.slice(0, 100) };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'scheme', target: url.protocol };
  if (allowed.includes(url.origin)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const kind = blockedAddress(host);
    return kind ? { kind, target: host } : null;
  }
  if (names && (host === 'localhost' || host.endsWith('.localhost')))
    return { kind: 'loopback', target: host };
  return null;
}

/** Why a URL given for the platform to call is refused, in any language; null when it is not. */
export function outboundUrlRefusal(ctx: AppContext, raw: string): Wording<string> | null {
  const refused = raw ? urlRefusal(allowedOrigins(ctx), raw) : null;
  if (!refused) return null;
  return (locale) =>
    locale === 'en-US'
      ? `must be a public http(s) address: ${refused.target} is ${DESCRIPTION[refused.kind]['en-US']}`
      : `须为公网 http(s) 地址：${refused.target} 是${DESCRIPTION[refused.kind]['zh-CN']}`;
}

/** Why a URL given for the platform to call is refused, in the caller's language; null when it is not. */
export function outboundUrlProblem(ctx: AppContext, raw: string, locale: Locale): string | null {
  return outboundUrlRefusal(ctx, raw)?.(locale) ?? null;
}

/** The save-time check of a URL field: a 400 naming the field, in the operator's language. */
export function checkOutboundUrl(ctx: AppContext, field: string, raw: string, locale: Locale): void {
  const problem = outboundUrlProblem(ctx, raw, locale);
  if (problem) throw fieldError(field, problem);
}

/** DNS lookup that refuses a name when any address it resolves to is blocked. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    for (const a of addresses) {
      const kind = blockedAddress(a.address);
      if (kind) return callback(new OutboundRefused(kind, `${hostname} (${a.address})`), '', 0);
    }
    if (options.all)
      return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

// Keep-alive pools (the sandbox and a provider are called per order); the guarded ones resolve through
// the guard, the allowed ones (the listed origins) normally.
const agents = {
  guarded: {
    'http:': new http.Agent({ keepAlive: true, lookup: guardedLookup }),
    'https:': new https.Agent({ keepAlive: true, lookup: guardedLookup }),
  },
  allowed: {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  },
};

export class OutboundTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

export interface OutboundAnswer {
  status: number;
  body: string;
}

/** Answers longer than this are cut (nothing the platform reads is near it). */
const MAX_ANSWER_BYTES = 1 << 20;

/**
 * POSTs a JSON body (`allowed`: allowedOrigins of the context); answers the status and the body text (never follows a redirect). Throws
 * OutboundRefused (the guard), OutboundTimeout, or the socket's error (its `code`: ECONNREFUSED...).
 */
export function postJson(
  allowed: readonly string[],
  raw: string,
  body: string,
  timeoutMs: number,
  /** A larger cap for an answer known to be large (an upstream statement). */
  maxBytes = MAX_ANSWER_BYTES,
  /** Extra request headers (a node's API key). */
  headers: Record<string, string> = {},
): Promise<OutboundAnswer> {
  const refused = urlRefusal(allowed, raw, false);
  if (refused) return Promise.reject(new OutboundRefused(refused.kind, refused.target));
  const url = new URL(raw);
  const protocol = url.protocol as 'http:' | 'https:';
  const agent = (allowed.includes(url.origin) ? agents.allowed : agents.guarded)[protocol];
  return new Promise((resolve, reject) => {
    const req = (protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      agent,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const timer = setTimeout(() => req.destroy(new OutboundTimeout(timeoutMs)), timeoutMs);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= maxBytes) chunks.push(c);
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
    req.end(body);
  });
}

/** A short readable reason for a failed outbound call (attempt logs, upstream errors). */
export function outboundErrorText(e: unknown): string {
  if (e instanceof OutboundRefused || e instanceof OutboundTimeout) return e.message;
  const err = e as Error & { code?: string };
  return err.code ?? err.message;
}

/**
 * The same, as stored where operators read it alone (a callback attempt's error): the guard's refusal
 * and a timeout as system texts, in each reader's language; a socket error by its code.
 */
export function outboundErrorStored(e: unknown): string {
  if (e instanceof OutboundRefused) return systemText(`outboundRefused.${e.kind}`, e.target);
  if (e instanceof OutboundTimeout) return systemText('outboundTimeout', e.ms);
  return outboundErrorText(e);
}
