/**
 * How each bank words its incoming-transfer notification email: the sender's domain that names the
 * bank, and the patterns for the amount, the payee account's last four digits, the payer's name and
 * the time. A new bank is one entry here (and its label in contracts EMAIL_BANK_LABELS); the sandbox
 * bank renders its emails from the same table (`render`), so every template is exercised end to end.
 *
 * Times in these notifications are China Standard Time without a zone; a template whose wording
 * omits the year (CMB's "11月25日") takes it from the email's Date header.
 */
import type { EmailBank } from '@payops/contracts';

export interface Notification {
  amount: string;
  accountTail: string;
  payerName: string;
  paidAt: Date;
}

export interface BankTemplate {
  bank: EmailBank;
  /** Sender domains of the bank's notifications (the From address ends with one). */
  senders: readonly string[];
  amount: RegExp;
  accountTail: RegExp;
  payerName: RegExp;
  /** Groups: year (optional), month, day, hour, minute, second (optional). */
  time: RegExp;
  /** The sandbox bank's email for a notification (subject, text body). */
  render: (n: Notification) => { from: string; subject: string; text: string };
}

const CST_OFFSET_MS = 8 * 3_600_000;

/** The notification's wall-clock time in China Standard Time, as fields. */
export function cstParts(d: Date) {
  const c = new Date(d.getTime() + CST_OFFSET_MS);
  const p = (x: number) => String(x).padStart(2, '0');
  return {
    y: c.getUTCFullYear(),
    mo: p(c.getUTCMonth() + 1),
    d: p(c.getUTCDate()),
    h: p(c.getUTCHours()),
    mi: p(c.getUTCMinutes()),
    s: p(c.getUTCSeconds()),
  };
}

/** 1234.5 -> "1,234.50" as the banks write it. */
const grouped = (amount: string) => {
  const [int = '0', frac = ''] = amount.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0').slice(0, 2)}`;
};

const AMOUNT = '([0-9][0-9,]*(?:\\.[0-9]{1,2})?)';
/** A payer's name up to the sentence's comma or full stop (a Latin name has spaces). */
const NAME = '([^，,。\\s][^，,。]{0,39}?)\\s*[，,。]';

export const BANK_TEMPLATES: readonly BankTemplate[] = [
  {
    bank: 'ICBC',
    senders: ['icbc.com.cn'],
    amount: new RegExp(`收到转账汇款人民币${AMOUNT}元`),
    accountTail: /尾号为?(\d{4})的账户/,
    payerName: new RegExp(`对方户名[：:]\\s*${NAME}`),
    time: /于(\d{4})年(\d{1,2})月(\d{1,2})日\s*(\d{1,2}):(\d{2})(?::(\d{2}))?/,
    render: (n) => {
      const t = cstParts(n.paidAt);
      return {
        from: '"中国工商银行" <webmaster@icbc.com.cn>',
        subject: '【中国工商银行】账户入账通知',
        text: `尊敬的客户：\n您尾号为${n.accountTail}的账户于${t.y}年${t.mo}月${t.d}日 ${t.h}:${t.mi}:${t.s}收到转账汇款人民币${grouped(n.amount)}元，对方户名：${n.payerName}。\n本邮件由系统自动发送，请勿回复。\n中国工商银行`,
      };
    },
  },
  {
    bank: 'CCB',
    senders: ['ccb.com'],
    amount: new RegExp(`转账存入${AMOUNT}元`),
    accountTail: /您的账户\*{0,4}(\d{4})/,
    payerName: new RegExp(`付款人[：:]\\s*${NAME}`),
    time: /于(\d{4})-(\d{2})-(\d{2})\s+(\d{2}):(\d{2})(?::(\d{2}))?/,
    render: (n) => {
      const t = cstParts(n.paidAt);
      return {
        from: '"中国建设银行" <service@ccb.com>',
        subject: '中国建设银行账户交易提醒',
        text: `您的账户*${n.accountTail}于${t.y}-${t.mo}-${t.d} ${t.h}:${t.mi}:${t.s}转账存入${grouped(n.amount)}元，付款人：${n.payerName}。【建设银行】`,
      };
    },
  },
  {
    bank: 'CMB',
    senders: ['cmbchina.com'],
    amount: new RegExp(`转入人民币${AMOUNT}`),
    accountTail: /您账户(\d{4})于/,
    payerName: new RegExp(`付方[：:]?\\s*${NAME}`),
    // No year: the Date header's.
    time: /于()(\d{1,2})月(\d{1,2})日(\d{1,2}):(\d{2})(?::(\d{2}))?/,
    render: (n) => {
      const t = cstParts(n.paidAt);
      return {
        from: '"招商银行" <95555@cmbchina.com>',
        subject: '招商银行一卡通入账提醒',
        text: `您账户${n.accountTail}于${t.mo}月${t.d}日${t.h}:${t.mi}:${t.s}他行实时转入人民币${grouped(n.amount)}，付方：${n.payerName}。【招商银行】`,
      };
    },
  },
];

/** The template of the bank whose domain the sender's address ends with, if any. */
export function templateForSender(address: string): BankTemplate | undefined {
  const domain = address.toLowerCase().split('@')[1] ?? '';
  return BANK_TEMPLATES.find((t) => t.senders.some((s) => domain === s || domain.endsWith(`.${s}`)));
}

export function templateOf(bank: EmailBank): BankTemplate {
  const t = BANK_TEMPLATES.find((x) => x.bank === bank);
  if (!t) throw new Error(`no email template for ${bank}`);
  return t;
}

/** The time of a match of `template.time`, in China Standard Time; the year from `sent` when absent. */
export function cstTime(m: RegExpExecArray, sent: Date): Date | null {
  const year = m[1] ? Number(m[1]) : cstParts(sent).y;
  const [mo, d, h, mi, s] = [m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as number[];
  const utc = Date.UTC(year, (mo ?? 0) - 1, d, h, mi, s) - CST_OFFSET_MS;
  const at = new Date(utc);
  // 2月30日 and the like: not a time.
  const back = cstParts(at);
  if (Number(back.mo) !== mo || Number(back.d) !== d || (h ?? 0) > 23 || (mi ?? 0) > 59) return null;
  // A notification without a year sent in early January about late December belongs to last year.
  if (!m[1] && at.getTime() - sent.getTime() > 30 * 86_400_000) at.setUTCFullYear(at.getUTCFullYear() - 1);
  return at;
}
