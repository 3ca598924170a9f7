/** The /payManage pages for the shell's page registry: route path -> lazy page (each its own chunk). */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';

const simple = pagesOf(() => import('./simple-pages.tsx'));

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
