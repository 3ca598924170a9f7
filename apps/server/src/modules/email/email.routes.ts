/**
 * The email orders' pages: the mailbox configs (password sealed on the way in, never answered), their
 * assignments, the email orders' list and export, and the .eml upload (multipart, one file of at most
 * MAX_EMAIL_BYTES): the same parser and templates as the poller; an email that is not one, or that no
 * bank template reads, is a 400 naming the problem and writes nothing.
 */
import multipart from '@fastify/multipart';
import {
  type EmailScope,
  emailAssign,
  emailConfig,
  emailConfigListWallet,
  emailOrder,
  emailOrderListWallet,
  type Locale,
  type ResourceDef,
} from '@payops/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditInTx } from '../../platform/audit-request.ts';
import { type Row, registerCrud } from '../../platform/crud/index.ts';
import { fieldError, localeOf, ok } from '../../platform/errors.ts';
import { seal } from '../../platform/secret-box.ts';
import { refuseInUse } from '../payManage/checks.ts';
import { emailAssignments, emailMailboxes, emailOrders } from './email.schema.ts';
import { bindRoutes } from './email-bind.ts';
import { ingestEmail } from './ingest.ts';
import { visibleMailboxes } from './mailbox-scope.ts';
import { MAX_EMAIL_BYTES, type ParseProblem, parseEmail } from './parse.ts';

const USERS = {
  assignments: ['个分配', 'assignments'],
  orders: ['个邮件订单', 'email orders'],
} as const;

const text = {
  passwordRequired: { 'zh-CN': '新增邮箱时必须填写密码', 'en-US': 'is required for a new mailbox' },
  noFile: { 'zh-CN': '请上传一个 .eml 邮件文件', 'en-US': 'upload one .eml email file' },
  tooLarge: {
    'zh-CN': `文件过大（最大 ${MAX_EMAIL_BYTES / 1024} KB）`,
    'en-US': `the file is too large (at most ${MAX_EMAIL_BYTES / 1024} KB)`,
  },
  mailbox: { 'zh-CN': '邮箱不存在', 'en-US': 'no such mailbox' },
  duplicate: {
    'zh-CN': '该邮件已生成过邮件订单，不会重复入账',
    'en-US': 'this email was already stored as an email order: it is never stored twice',
  },
  problems: {
    malformed: {
      'zh-CN': '不是有效的邮件文件（缺少发件人或正文）',
      'en-US': 'not a valid email file (no sender or no text)',
    },
    unknownBank: {
      'zh-CN': '未知银行：发件人没有对应的银行通知模板',
      'en-US': 'unknown bank: no notification template for the sender',
    },
    amount: { 'zh-CN': '邮件中找不到金额', 'en-US': 'no amount found in the email' },
    accountTail: { 'zh-CN': '邮件中找不到收款卡尾号', 'en-US': 'no account tail found in the email' },
    payerName: { 'zh-CN': '邮件中找不到付款人', 'en-US': 'no payer name found in the email' },
    paidAt: { 'zh-CN': '邮件中找不到有效的到账时间', 'en-US': 'no valid time found in the email' },
  } satisfies Record<ParseProblem, Record<Locale, string>>,
} as const;

/** The uploaded file's bytes and the optional `mailboxId` field; refusals name the field. */
async function readUpload(request: FastifyRequest, locale: Locale) {
  let file: Buffer | null = null;
  let mailboxId: number | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw fieldError('file', text.noFile[locale]);
        file = await part.toBuffer();
      } else if (part.fieldname === 'mailboxId' && String(part.value) !== '') {
        mailboxId = Number(part.value);
        if (!Number.isSafeInteger(mailboxId) || mailboxId <= 0)
          throw fieldError('mailboxId', text.mailbox[locale]);
      }
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('file', text.tooLarge[locale]);
    if ((e as { code?: string }).code?.startsWith('FST_')) throw fieldError('file', text.noFile[locale]);
    throw e;
  }
  if (!file || file.length === 0) throw fieldError('file', text.noFile[locale]);
  return { file, mailboxId };
}

/** One area's email orders and mailboxes: the page definitions and the scope bound to them. */
interface Area {
  scope: EmailScope;
  config: ResourceDef;
  order: ResourceDef;
}

const AREAS: readonly Area[] = [
  { scope: 'matching', config: emailConfig, order: emailOrder },
  { scope: 'wallet', config: emailConfigListWallet, order: emailOrderListWallet },
];

function uploadRoute(fastify: FastifyInstance, { scope, order: def }: Area) {
  const { ctx } = fastify;
  const action = def.actions.upload;
  if (!action) throw new Error(`${def.name} has no upload action`);
  fastify.post(
    action.path,
    {
      config: { access: { permission: action.permission } },
      schema: { tags: [def.group], summary: 'Uploads a bank notification email (.eml) as an email order' },
    },
    async (request) => {
      const locale = localeOf(request);
      const { file, mailboxId } = await readUpload(request, locale);
      if (mailboxId !== null) {
        const [mb] = await ctx.db
          .select({ id: emailMailboxes.id })
          .from(emailMailboxes)
          .where(and(eq(emailMailboxes.id, mailboxId), eq(emailMailboxes.scope, scope)));
        if (!mb) throw fieldError('mailboxId', text.mailbox[locale]);
      }
      const parsed = await parseEmail(file);
      // An operator's file is answered, not kept: an unreadable one writes nothing.
      if (parsed.problem) throw fieldError('file', text.problems[parsed.problem][locale]);
      const result = await ingestEmail(ctx, {
        parsed,
        source: 'upload',
        mailboxId,
        scope,
        onStored: (tx, order) =>
          auditInTx(tx, request, {
            objectType: def.name,
            objectId: order.id,
            after: {
              status: order.status,
              matchId: order.matchId,
              tradeOrderId: order.tradeOrderId,
              messageId: order.messageId,
            },
            extra: { action: 'upload' },
          }),
      });
      if (result.duplicate) throw fieldError('file', text.duplicate[locale]);
      const o = result.order;
      return ok({
        id: o.id,
        status: o.status,
        matchId: o.matchId,
        tradeOrderId: o.tradeOrderId,
        reason: o.reason,
      });
    },
  );
}

/** An area's mailbox configs: the password sealed on the way in; one in use is kept (switch it off). */
function mailboxRoutes(fastify: FastifyInstance, { scope, config }: Area) {
  const { ctx } = fastify;
  registerCrud(fastify, config, {
    table: emailMailboxes,
    scope: { scope },
    beforeWrite: async (values, info) => {
      const password = (info.request.body as Row).password;
      if (typeof password === 'string' && password !== '')
        values.passwordEnc = seal(ctx.keys.secretKey, password);
      else if (info.mode === 'add')
        throw fieldError('password', text.passwordRequired[localeOf(info.request)]);
    },
    // A mailbox with assignments or email orders stays (its orders name it); switch it off instead.
    beforeRemove: async (rows, { tx, request }) => {
      const ids = rows.map((r) => Number(r.id));
      const [a] = await tx
        .select({ n: count() })
        .from(emailAssignments)
        .where(inArray(emailAssignments.mailboxId, ids));
      const [o] = await tx
        .select({ n: count() })
        .from(emailOrders)
        .where(inArray(emailOrders.mailboxId, ids));
      refuseInUse({ assignments: a?.n ?? 0, orders: o?.n ?? 0 }, USERS, localeOf(request));
    },
  });
}

export async function emailRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  for (const area of AREAS) mailboxRoutes(fastify, area);
  registerCrud(fastify, emailAssign, { table: emailAssignments });
  registerCrud(fastify, emailOrder, {
    table: emailOrders,
    scope: { scope: 'matching' },
    // An operator sees the orders of the mailboxes assigned to them (administrators: all).
    restrict: async (request) => {
      const ids = await visibleMailboxes(ctx, request.auth?.operatorId);
      return ids ? { mailboxId: ids } : null;
    },
  });
  // The wallet's: every holder of the page's permission sees them (wallet mailboxes are not assigned).
  registerCrud(fastify, emailOrderListWallet, { table: emailOrders, scope: { scope: 'wallet' } });
  bindRoutes(fastify);
  // Multipart parsing only in the uploads' own scope: every other route stays JSON-only.
  await fastify.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: MAX_EMAIL_BYTES, files: 1, fields: 2, parts: 3 },
    });
    for (const area of AREAS) uploadRoute(uploads, area);
  });
}
