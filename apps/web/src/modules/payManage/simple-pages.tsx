/**
 * The /payManage pages that are their definition alone (refs are the engine's ref selects, rates
 * percentages by their definition's `display`), and the provider pages with a note on the
 * write-only secret.
 */
import { thirdBank } from '@payops/contracts/resources/payManage/bank';
import { interfaceType } from '@payops/contracts/resources/payManage/interface-type';
import { passage } from '@payops/contracts/resources/payManage/passage';
import { fastAmount, payOtherConfig } from '@payops/contracts/resources/payManage/pay-other-config';
import { thirdAgentPay } from '@payops/contracts/resources/payManage/third-agent';
import { thirdInterface } from '@payops/contracts/resources/payManage/third-interface';
import { depositThirdPay, withdrawThirdPay } from '@payops/contracts/resources/payManage/third-party';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import { usePayLabels } from './pay-labels.ts';

function SecretNote() {
  const { t } = useTranslation();
  return (
    <div className="engine-blank" data-testid="secret-note" style={{ marginBottom: 8 }}>
      {t('payPage.secretNote')}
    </div>
  );
}

const providerOverrides: ResourceOverrides = { header: () => <SecretNote /> };

export function DepositThirdPayPage() {
  usePayLabels();
  return <ResourcePage def={depositThirdPay} overrides={providerOverrides} />;
}

export function WithdrawThirdPayPage() {
  usePayLabels();
  return <ResourcePage def={withdrawThirdPay} overrides={providerOverrides} />;
}

export function PassagePage() {
  return <ResourcePage def={passage} />;
}

export function ThirdAgentPayPage() {
  return <ResourcePage def={thirdAgentPay} />;
}

export function ThirdBankPage() {
  return <ResourcePage def={thirdBank} />;
}

export function InterfaceTypePage() {
  return <ResourcePage def={interfaceType} />;
}

export function ThirdInterfacePage() {
  return <ResourcePage def={thirdInterface} />;
}

export function PayOtherConfigPage() {
  return <ResourcePage def={payOtherConfig} />;
}

export function FastAmountPage() {
  return <ResourcePage def={fastAmount} />;
}
