/** The /mch pages that are their definition plus, at most, a chooser for the ids their forms hold. */

import type { ResourceDef } from '@payops/contracts/resource';
import { fundLog } from '@payops/contracts/resources/mch/fund-log';
import {
  mchThirdAgentPayConfig,
  mchThirdPayConfig,
} from '@payops/contracts/resources/mch/mch-third-pay-config';
import { merchantTimeoutConfigPage } from '@payops/contracts/resources/mch/merchant-timeout-config';
import { useMemo } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import { MerchantSelect, PassageSelect } from './option-select.tsx';

export function FundLogPage() {
  return <ResourcePage def={fundLog} />;
}

export function MerchantTimeoutPage() {
  return <ResourcePage def={merchantTimeoutConfigPage} />;
}

function PassageConfigPage({ def, direction }: { def: ResourceDef; direction: 'deposit' | 'withdraw' }) {
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      formInputs: {
        merchantId: (mode) => <MerchantSelect disabled={mode.kind === 'edit'} />,
        passageId: (mode) => <PassageSelect direction={direction} disabled={mode.kind === 'edit'} />,
      },
    }),
    [direction],
  );
  return <ResourcePage def={def} overrides={overrides} />;
}

export function ThirdPayConfigPage() {
  return <PassageConfigPage def={mchThirdPayConfig} direction="deposit" />;
}

export function ThirdAgentPayConfigPage() {
  return <PassageConfigPage def={mchThirdAgentPayConfig} direction="withdraw" />;
}
