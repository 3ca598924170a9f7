/** The /mch pages that are their definition plus, at most, a special cell (their refs are the engine's). */

import { fundLog } from '@payops/contracts/resources/mch/fund-log';
import {
  mchThirdAgentPayConfig,
  mchThirdPayConfig,
} from '@payops/contracts/resources/mch/mch-third-pay-config';
import { merchantTimeoutConfigPage } from '@payops/contracts/resources/mch/merchant-timeout-config';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import { rateText } from './rate-cell.ts';

export function FundLogPage() {
  return <ResourcePage def={fundLog} />;
}

export function MerchantTimeoutPage() {
  return <ResourcePage def={merchantTimeoutConfigPage} />;
}

// The merchant and passage selects are the engine's ref selects (the passage's direction is in the ref).
const passageOverrides: ResourceOverrides = { cells: { rate: rateText } };

export function ThirdPayConfigPage() {
  return <ResourcePage def={mchThirdPayConfig} overrides={passageOverrides} />;
}

export function ThirdAgentPayConfigPage() {
  return <ResourcePage def={mchThirdAgentPayConfig} overrides={passageOverrides} />;
}
