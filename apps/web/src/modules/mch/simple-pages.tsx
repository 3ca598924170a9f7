/**
 * The /mch pages that are their definition alone: refs are the engine's ref selects (a passage's
 * direction is in its ref), rates are percentages by their definition's `display`.
 */

import { fundLog } from '@payops/contracts/resources/mch/fund-log';
import {
  mchThirdAgentPayConfig,
  mchThirdPayConfig,
} from '@payops/contracts/resources/mch/mch-third-pay-config';
import { merchantTimeoutConfigPage } from '@payops/contracts/resources/mch/merchant-timeout-config';
import { ResourcePage } from '../../engine/resource-page.tsx';

export function FundLogPage() {
  return <ResourcePage def={fundLog} />;
}

export function MerchantTimeoutPage() {
  return <ResourcePage def={merchantTimeoutConfigPage} />;
}

export function ThirdPayConfigPage() {
  return <ResourcePage def={mchThirdPayConfig} />;
}

export function ThirdAgentPayConfigPage() {
  return <ResourcePage def={mchThirdAgentPayConfig} />;
}
