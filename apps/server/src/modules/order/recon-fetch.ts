/**
 * A statement fetched from the third party's upstream (the adapter's `statement`, over HTTP), saved
 * to a temp file to be staged and imported like an upload (recon-import.ts).
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locale } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { accessOf, adapterFor } from '../upstream/adapter.ts';
import { UpstreamError } from '../upstream/types.ts';
import type { StageInput } from './recon-import.ts';

const say = {
  'zh-CN': {
    party: '三方不存在',
    noAdapter: '该三方的接口类型不支持拉取对账单',
    upstream: (m: string) => `上游拉取失败：${m}`,
  },
  'en-US': {
    party: 'no such third party',
    noAdapter: "this third party's interface type cannot fetch statements",
    upstream: (m: string) => `fetching from the upstream failed: ${m}`,
  },
} as const;

export const tempPath = () => join(tmpdir(), `payops-statement-${randomUUID()}`);

export async function fetchStatement(
  ctx: AppContext,
  thirdPartyId: number,
  day: string,
  locale: Locale,
): Promise<Omit<StageInput, 'actor'>> {
  const t = say[locale];
  const [tp] = await ctx.db.select().from(thirdParties).where(eq(thirdParties.id, thirdPartyId));
  if (!tp) throw fieldError('thirdPartyId', t.party);
  const adapter = adapterFor(tp.interfaceType);
  if (!adapter?.statement) throw fieldError('thirdPartyId', t.noAdapter);
  let got: { fileName: string; content: string };
  try {
    got = await adapter.statement(accessOf(ctx, tp), day, ctx.clock.now());
  } catch (e) {
    if (e instanceof UpstreamError) throw fieldError('thirdPartyId', t.upstream(e.message));
    throw e;
  }
  const path = tempPath();
  await writeFile(path, got.content);
  return { thirdPartyId, day, source: 'fetch', fileName: got.fileName, path, format: 'csv' };
}
