/**
 * Dispute evidence: a voucher or file must be PNG, JPEG or PDF by its magic bytes (the match module's
 * check), a chat excerpt UTF-8 text; at most the wallet's `evidenceMaxKb`. Stored outside the database
 * in the voucher store by SHA-256; the row keeps type, size and hash.
 */
import type { EVIDENCE_KINDS, Locale } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { storeVoucher, voucherType } from '../match/voucher.ts';
import { walletDisputeEvidence } from './dispute.schema.ts';

export interface EvidenceInput {
  kind: (typeof EVIDENCE_KINDS)[number];
  /** The file, base64. */
  content: string;
  note?: string;
}

const text = {
  type: { 'zh-CN': '凭证仅支持 PNG、JPEG 或 PDF 文件', 'en-US': 'must be a PNG, JPEG or PDF file' },
  chat: { 'zh-CN': '聊天记录须为UTF-8文本', 'en-US': 'a chat excerpt must be UTF-8 text' },
  size: { 'zh-CN': '文件不能超过{kb}KB', 'en-US': 'must be at most {kb} KB' },
  empty: { 'zh-CN': '不能为空', 'en-US': 'must not be empty' },
  encoding: { 'zh-CN': '须为Base64编码', 'en-US': 'must be base64' },
} as const;

/** The checked bytes and their type; refused with a 400 on `evidence`, nothing stored. */
export function checkEvidence(e: EvidenceInput, maxKb: number, locale: Locale) {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(e.content)) throw fieldError('evidence', text.encoding[locale]);
  const bytes = Buffer.from(e.content, 'base64');
  if (bytes.length === 0) throw fieldError('evidence', text.empty[locale]);
  if (bytes.length > maxKb * 1024)
    throw fieldError('evidence', text.size[locale].replace('{kb}', String(maxKb)));
  if (e.kind === 'chat') {
    const s = bytes.toString('utf8');
    if (Buffer.from(s, 'utf8').compare(bytes) !== 0 || s.includes('\u0000'))
      throw fieldError('evidence', text.chat[locale]);
    return { bytes, type: 'text/plain' };
  }
  const type = voucherType(bytes);
  if (!type) throw fieldError('evidence', text.type[locale]);
  return { bytes, type };
}

/** Checks every file first (so one bad file stores none), then stores them and their rows. */
export async function addEvidence(
  ctx: AppContext,
  tx: Tx,
  disputeId: number,
  addedBy: 'buyer' | 'seller' | 'operator',
  files: readonly EvidenceInput[],
  maxKb: number,
  locale: Locale,
) {
  const checked = files.map((f) => ({ f, v: checkEvidence(f, maxKb, locale) }));
  for (const { f, v } of checked) {
    const stored = await storeVoucher(ctx.config.dataDir, v);
    await tx.insert(walletDisputeEvidence).values({
      disputeId,
      kind: f.kind,
      addedBy,
      fileType: stored.type,
      fileSize: stored.size,
      fileHash: stored.hash,
      note: f.note ?? '',
      createdAt: ctx.clock.now(),
    });
  }
  return checked.length;
}
