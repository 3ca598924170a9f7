/** Language switch (header and sign-in page). The App applies the choice to i18next, antd and dayjs. */
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { LOCALES } from '@payops/contracts/api';
import { useTranslation } from 'react-i18next';
import { LazyDropdown } from '../lib/lazy-dropdown.tsx';
import { useSettings } from '../lib/settings-store.ts';
import { HeaderButton } from './layout/header-button.tsx';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const set = useSettings((s) => s.set);
  return (
    <LazyDropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LOCALES.map((locale) => ({
          key: locale,
          label: <span data-testid={`language-option-${locale}`}>{t(`language.${locale}`)}</span>,
        })),
        onClick: ({ key }) => set({ language: key as (typeof LOCALES)[number] }),
      }}
    >
      <HeaderButton icon={<GlobalOutlined />} title={t('header.language')} data-testid="language-switch">
        {t(`language.${language}`)}
      </HeaderButton>
    </LazyDropdown>
  );
}
