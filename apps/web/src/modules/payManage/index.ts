/** The /payManage pages for the shell's page registry: route path -> lazy page (each its own chunk). */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/page-registry.tsx';

type PageModule = Promise<{ default: ComponentType<PageProps> }>;

const simple = (name: keyof typeof import('./simple-pages.tsx')) => () =>
  import('./simple-pages.tsx').then((m) => ({ default: m[name] as ComponentType<PageProps> }));

export const payManagePages: Record<string, () => PageModule> = {
  '/payManage/deposit_thirdpay_list': simple('DepositThirdPayPage'),
  '/payManage/withdraw_thirdpay_list': simple('WithdrawThirdPayPage'),
  '/payManage/withdraw_paypassage_list': simple('PassagePage'),
  '/payManage/deposit_thirdagentpay_list': simple('ThirdAgentPayPage'),
  '/payManage/thirdbank_list': simple('ThirdBankPage'),
  '/payManage/interfacet_list': simple('InterfaceTypePage'),
  '/payManage/third_interfacet_list': simple('ThirdInterfacePage'),
  '/payManage/pay_otherconfig_all': simple('PayOtherConfigPage'),
  '/payManage/config': simple('FastAmountPage'),
  '/payManage/thirdconfigList': () =>
    import('./third-config-page.tsx').then((m) => ({ default: m.ThirdConfigPage })),
};
