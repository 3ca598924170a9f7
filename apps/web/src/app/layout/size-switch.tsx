/** Size switch: default, medium, small, mini (spec §2; mini by default). */
import ColumnHeightOutlined from '@ant-design/icons/ColumnHeightOutlined';
import { useTranslation } from 'react-i18next';
import { UI_SIZES, useSettings } from '../../lib/settings-store.ts';
import { ChoiceSwitch } from './choice-switch.tsx';

export function SizeSwitch() {
  const { t } = useTranslation();
  const size = useSettings((s) => s.size);
  const set = useSettings((s) => s.set);
  return (
    <ChoiceSwitch
      value={size}
      choices={UI_SIZES}
      onChoose={(choice) => set({ size: choice })}
      label={(choice) => t(`size.${choice}`)}
      testId="size-switch"
      option="size-option"
      icon={<ColumnHeightOutlined />}
      title={t('header.size')}
    />
  );
}
