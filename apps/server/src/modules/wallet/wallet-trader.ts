/**
 * Wallet members as traders of the market (traders.ts asks a resolver per owner type): their account
 * is the code shown, no merchant, their status decides whether they may trade. Wallet trades then run
 * through the market's services, with the wallet's own pay-type limits checked first (walletTradeLimits).
 */
import type { Locale } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import { fieldError } from '../../platform/errors.ts';
import { dec, type Executor } from '../../platform/ledger/index.ts';
import { registerTraderResolver } from '../trade/index.ts';
import { walletMembers } from './wallet.schema.ts';
import { walletPayTypes } from './wallet-config.schema.ts';

registerTraderResolver('wallet_member', async (db, ownerId) => {
  const [m] = await db.select().from(walletMembers).where(eq(walletMembers.id, ownerId));
  if (!m) return undefined;
  return {
    ownerType: 'wallet_member',
    ownerId: m.id,
    code: m.account,
    merchantId: null,
    status: m.status,
    realName: m.realName,
    phone: m.phone,
    idNumber: m.idNumber,
  };
});

const text = {
  off: { 'zh-CN': '钱包未开放该收付款方式', 'en-US': 'is not open for wallet trades' },
  range: { 'zh-CN': '须在{min}到{max}元之间', 'en-US': 'must be from {min} to {max} CNY' },
} as const;

/** A wallet trade's pay type must be on in payTypePage and its fiat amount within that type's limits. */
export async function checkWalletPayType(db: Executor, payType: string, fiatAmount: string, locale: Locale) {
  const [t] = await db
    .select()
    .from(walletPayTypes)
    .where(and(eq(walletPayTypes.payType, payType as never), eq(walletPayTypes.status, 'on')));
  if (!t) throw fieldError('payType', text.off[locale]);
  if (dec(fiatAmount).lt(dec(t.singleMin)) || dec(fiatAmount).gt(dec(t.singleMax)))
    throw fieldError(
      'amount',
      text.range[locale].replace('{min}', t.singleMin).replace('{max}', t.singleMax),
    );
}
