/**
 * Payment vouchers: an image or PDF the payer uploads for one match. The type is what the bytes are
 * (magic numbers), never what the caller says; the size is limited; the file is stored outside the
 * database, content-addressed: DATA_DIR/vouchers/<sha256> (written to a temporary name, then renamed,
 * so a reader never sees half a file and two uploads of the same bytes are one file). The database
 * keeps the hash, type and size. Nothing is stored when the voucher is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@payops/contracts';
import { fieldIn } from '../../platform/errors.ts';

/** 1 MiB: a phone screenshot or a bank's PDF receipt fits; the merchant API's body limit follows. */
export const VOUCHER_MAX_BYTES = 1024 * 1024;

const MAGIC: { type: string; bytes: number[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

const text = {
  type: { 'zh-CN': '仅支持 PNG、JPEG 或 PDF 文件', 'en-US': 'must be a PNG, JPEG or PDF file' },
  size: { 'zh-CN': '文件不能超过 1MB', 'en-US': 'must be at most 1 MB' },
  empty: { 'zh-CN': '不能为空', 'en-US': 'must not be empty' },
  encoding: { 'zh-CN': '须为 base64 编码', 'en-US': 'must be base64 encoded' },
} as const;

export function voucherType(bytes: Buffer): string | null {
  return MAGIC.find((m) => m.bytes.every((b, i) => bytes[i] === b))?.type ?? null;
}

export interface StoredVoucher {
  hash: string;
  type: string;
  size: number;
}

export const voucherDir = (dataDir: string) => path.join(dataDir, 'vouchers');

/**
 * What a route taking a voucher in its body allows: the longest base64 string (with room for line
 * breaks) and the body around it.
 */
export const VOUCHER_ROUTE = {
  stringMax: Math.ceil((VOUCHER_MAX_BYTES * 4) / 3) + 1024,
  bodyLimit: 2 * VOUCHER_MAX_BYTES,
} as const;

/** Checks a base64 voucher (field `voucher`): its bytes, type and size; refused with the field's reason. */
export function decodeVoucher(base64: string, locale: Locale): { bytes: Buffer; type: string } {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw fieldIn('voucher', text.encoding, locale);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw fieldIn('voucher', text.empty, locale);
  if (bytes.length > VOUCHER_MAX_BYTES) throw fieldIn('voucher', text.size, locale);
  const type = voucherType(bytes);
  if (!type) throw fieldIn('voucher', text.type, locale);
  return { bytes, type };
}

/** Writes the checked bytes under their hash (once); answers what the match keeps. */
export async function storeVoucher(
  dataDir: string,
  v: { bytes: Buffer; type: string },
): Promise<StoredVoucher> {
  const hash = createHash('sha256').update(v.bytes).digest('hex');
  const dir = voucherDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${hash}.${randomBytes(6).toString('hex')}`);
  await fs.writeFile(tmp, v.bytes, { mode: 0o600 });
  await fs.rename(tmp, path.join(dir, hash));
  return { hash, type: v.type, size: v.bytes.length };
}

/** The stored file of a hash (hex only: a hash never names another path). */
export function voucherPath(dataDir: string, hash: string): string {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('bad voucher hash');
  return path.join(voucherDir(dataDir), hash);
}
