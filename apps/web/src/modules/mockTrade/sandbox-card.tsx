/** The sandbox merchant as both simulator pages show it: tagged sandbox, with its own balances. */

import { truncateMoney } from '@payops/contracts/decimal';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';

const SANDBOX_MERCHANT_PATH = {
  tradeMock: '/mockTrade/sandboxMerchant',
  mockOrderTest: '/api/mockOrderTest/sandboxMerchant',
} as const;

export interface SandboxMerchant {
  id: number;
  mchNo: string;
  name: string;
  sandbox: true;
  available: string;
  frozen: string;
}

/**
 * Re-reads the balances whenever `tick` changes (the page's live refresh). `page` is the simulator
 * page showing it: each reads the sandbox merchant under its own permission.
 */
export function SandboxCard({ tick, page }: { tick: number; page: 'tradeMock' | 'mockOrderTest' }) {
  const { t } = useTranslation();
  const [m, setM] = useState<SandboxMerchant | null>(null);
  useEffect(() => {
    void tick;
    api<SandboxMerchant>(SANDBOX_MERCHANT_PATH[page], { silent: true }).then(setM, () => undefined);
  }, [tick, page]);
  if (!m) return null;
  return (
    <Descriptions size="small" column={4} data-testid="sandbox-card" style={{ marginBottom: 12 }}>
      <Descriptions.Item label={t('mock.sandboxMerchant')}>
        <Tag color="purple" data-testid="sandbox-tag">
          {t('mock.sandbox')}
        </Tag>
        {m.mchNo}
      </Descriptions.Item>
      <Descriptions.Item label={t('mock.available')}>{truncateMoney(m.available, 2)}</Descriptions.Item>
      <Descriptions.Item label={t('mock.frozen')}>{truncateMoney(m.frozen, 2)}</Descriptions.Item>
      <Descriptions.Item label="">{t('mock.sandboxHint')}</Descriptions.Item>
    </Descriptions>
  );
}
