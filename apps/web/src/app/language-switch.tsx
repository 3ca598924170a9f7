/** Language switch (header and sign-in page). The App applies the choice to i18next, antd and dayjs. */
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { LOCALES } from '@payops/contracts/api';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../lib/settings-store.ts';
import { ChoiceSwitch } from './layout/choice-switch.tsx';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const set = useSettings((s) => s.set);
  return (
    <ChoiceSwitch
      value={language}
      choices={LOCALES}
      onChoose={(choice) => set({ language: choice })}
      label={(choice) => t(`language.${choice}`)}
      testId="language-switch"
      option="language-option"
      icon={<GlobalOutlined />}
      title={t('header.language')}
    >
      {t(`language.${language}`)}
    </ChoiceSwitch>
  );
}
