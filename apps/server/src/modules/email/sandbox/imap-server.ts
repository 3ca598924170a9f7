/**
 * A minimal IMAP4rev1 server (RFC 3501) for the sandbox bank's mailboxes, so the poller reaches them
 * over real IMAP with the same client (imapflow) as a real bank mailbox. Only what a reader of new
 * messages needs: CAPABILITY, LOGIN, LIST, SELECT/EXAMINE, (UID) SEARCH, (UID) FETCH of UID, FLAGS,
 * RFC822.SIZE, INTERNALDATE and the whole message (BODY[] / BODY.PEEK[] / RFC822), NOOP, CHECK,
 * CLOSE, LOGOUT. One folder, INBOX; read-only (nothing is ever stored or expunged); plain TCP on
 * 127.0.0.1, started only while the sandbox is on.
 */
import net from 'node:net';
import type { SandboxMailStore, StoredMessage } from './mail-store.ts';

const CAPABILITY = 'IMAP4rev1';
/** Longest command line accepted: the commands above are short; anything longer is a mistake. */
const MAX_LINE = 8192;

/** The next argument of a command: an atom, a "quoted string", or a parenthesised list as text. */
function args(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] === '"') {
      let s = '';
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\') i++;
        s += text[i++];
      }
      out.push(s);
      i++;
    } else if (text[i] === '(') {
      let depth = 0;
      const start = i;
      do {
        if (text[i] === '(') depth++;
        if (text[i] === ')') depth--;
        i++;
      } while (i < text.length && depth > 0);
      out.push(text.slice(start, i));
    } else {
      const start = i;
      while (i < text.length && text[i] !== ' ') i++;
      out.push(text.slice(start, i));
    }
  }
  return out;
}

/** Whether `n` is in an IMAP sequence set (`1:*`, `3,5:7`); `*` is `max`. */
export function inSet(set: string, n: number, max: number): boolean {
  return set.split(',').some((part) => {
    const [a, b = a] = part.split(':').map((x) => (x === '*' ? max : Number(x)));
    if (a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b)) return false;
    return n >= Math.min(a, b) && n <= Math.max(a, b);
  });
}

function imapDate(d: Date): string {
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  const p = (x: number) => String(x).padStart(2, '0');
  return `${p(d.getUTCDate())}-${months[d.getUTCMonth()]}-${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

class Session {
  private user: string | null = null;
  private selected = false;
  private buffer = '';

  constructor(
    private readonly socket: net.Socket,
    private readonly store: SandboxMailStore,
    private readonly checkLogin: (user: string, password: string) => boolean,
  ) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => this.receive(chunk));
    socket.on('error', () => socket.destroy());
    this.send(`* OK [CAPABILITY ${CAPABILITY}] PayOps sandbox bank mailbox ready`);
  }

  private send(line: string | Buffer) {
    if (!this.socket.writable) return;
    this.socket.write(typeof line === 'string' ? `${line}\r\n` : line);
  }

  private receive(chunk: string) {
    this.buffer += chunk;
    if (this.buffer.length > MAX_LINE && !this.buffer.includes('\r\n')) {
      this.send('* BYE line too long');
      this.socket.end();
      return;
    }
    let at = this.buffer.indexOf('\r\n');
    while (at >= 0) {
      const line = this.buffer.slice(0, at);
      this.buffer = this.buffer.slice(at + 2);
      this.command(line);
      at = this.buffer.indexOf('\r\n');
    }
  }

  private command(line: string) {
    const [tag = '*', name = '', ...rest] = args(line);
    const cmd = name.toUpperCase();
    const ok = (text = `${cmd} completed`) => this.send(`${tag} OK ${text}`);
    const no = (text: string) => this.send(`${tag} NO ${text}`);
    const bad = (text: string) => this.send(`${tag} BAD ${text}`);
    if (cmd === 'CAPABILITY') {
      this.send(`* CAPABILITY ${CAPABILITY}`);
      return ok();
    }
    if (cmd === 'NOOP' || cmd === 'CHECK') return ok();
    if (cmd === 'LOGOUT') {
      this.send('* BYE logging out');
      ok();
      this.socket.end();
      return;
    }
    if (cmd === 'LOGIN') {
      const [user = '', password = ''] = rest;
      if (!this.checkLogin(user, password)) return no('[AUTHENTICATIONFAILED] invalid credentials');
      this.user = user;
      return ok(`[CAPABILITY ${CAPABILITY}] LOGIN completed`);
    }
    if (!this.user) return bad('log in first');
    const messages = this.store.messages(this.user);
    if (cmd === 'LIST') {
      this.send('* LIST (\\HasNoChildren) "/" INBOX');
      return ok();
    }
    if (cmd === 'SELECT' || cmd === 'EXAMINE') {
      if ((rest[0] ?? '').toUpperCase() !== 'INBOX') return no('no such mailbox');
      this.selected = true;
      const last = messages.at(-1)?.uid ?? 0;
      this.send('* FLAGS (\\Seen)');
      this.send(`* ${messages.length} EXISTS`);
      this.send('* 0 RECENT');
      this.send(`* OK [UIDVALIDITY ${this.store.uidValidity}] UIDs valid`);
      this.send(`* OK [UIDNEXT ${last + 1}] next UID`);
      this.send('* OK [PERMANENTFLAGS ()] read-only');
      return ok(`[READ-ONLY] ${cmd} completed`);
    }
    if (cmd === 'CLOSE') {
      this.selected = false;
      return ok();
    }
    if (!this.selected) return bad('select a mailbox first');
    const byUid = cmd === 'UID';
    const sub = (byUid ? (rest.shift() ?? '') : cmd).toUpperCase();
    if (sub === 'SEARCH') return this.search(tag, rest, messages, byUid);
    if (sub === 'FETCH') return this.fetch(tag, rest, messages, byUid);
    return bad(`${cmd} is not supported by the sandbox mailbox`);
  }

  /** SEARCH ALL, or SEARCH UID <set>: what a reader of new messages asks. */
  private search(tag: string, criteria: string[], messages: readonly StoredMessage[], byUid: boolean) {
    const max = messages.at(-1)?.uid ?? 0;
    let found = messages.map((m, i) => ({ m, seq: i + 1 }));
    for (let i = 0; i < criteria.length; i++) {
      const c = (criteria[i] ?? '').toUpperCase();
      if (c === 'ALL') continue;
      if (c === 'UID') {
        const set = criteria[++i] ?? '';
        found = found.filter(({ m }) => inSet(set, m.uid, max));
      } else if (/^[\d:*,]+$/.test(c)) {
        found = found.filter(({ seq }) => inSet(c, seq, messages.length));
      } else return this.send(`${tag} BAD search key ${c} is not supported`);
    }
    this.send(`* SEARCH${found.map(({ m, seq }) => ` ${byUid ? m.uid : seq}`).join('')}`);
    this.send(`${tag} OK SEARCH completed`);
  }

  private fetch(tag: string, rest: string[], messages: readonly StoredMessage[], byUid: boolean) {
    const [set = '', items = ''] = rest;
    const wanted = items.replace(/^\(|\)$/g, '').toUpperCase();
    const maxUid = messages.at(-1)?.uid ?? 0;
    for (const [i, m] of messages.entries()) {
      const seq = i + 1;
      if (!(byUid ? inSet(set, m.uid, maxUid) : inSet(set, seq, messages.length))) continue;
      const parts = [`UID ${m.uid}`];
      if (wanted.includes('FLAGS')) parts.push('FLAGS ()');
      if (wanted.includes('RFC822.SIZE')) parts.push(`RFC822.SIZE ${m.raw.length}`);
      if (wanted.includes('INTERNALDATE')) parts.push(`INTERNALDATE "${imapDate(m.internalDate)}"`);
      const whole = /BODY(\.PEEK)?\[\]|RFC822(?![.])/.test(wanted);
      if (!whole) {
        this.send(`* ${seq} FETCH (${parts.join(' ')})`);
        continue;
      }
      this.send(Buffer.from(`* ${seq} FETCH (${parts.join(' ')} BODY[] {${m.raw.length}}\r\n`, 'latin1'));
      this.send(m.raw);
      this.send(')');
    }
    this.send(`${tag} OK FETCH completed`);
  }
}

export interface SandboxImapServer {
  port: number;
  close: () => Promise<void>;
}

/** Listens on 127.0.0.1:`port` (0: any free port) and answers each connection as above. */
export async function startImapServer(
  port: number,
  store: SandboxMailStore,
  checkLogin: (user: string, password: string) => boolean,
): Promise<SandboxImapServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    new Session(socket, store, checkLogin);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
