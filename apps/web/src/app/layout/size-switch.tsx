/** Size switch: default, medium, small, mini (spec §2; mini by default). */
import ColumnHeightOutlined from '@ant-design/icons/ColumnHeightOutlined';
import { useTranslation } from 'react-i18next';
import { LazyDropdown } from '../../lib/lazy-dropdown.tsx';
import { UI_SIZES, type UiSize, useSettings } from '../../lib/settings-store.ts';
import { HeaderButton } from './header-button.tsx';

export function SizeSwitch() {
  const { t } = useTranslation();
  const size = useSettings((s) => s.size);
  const set = useSettings((s) => s.set);
  return (
    <LazyDropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: UI_SIZES.map((s) => ({
          key: s,
          label: <span data-testid={`size-option-${s}`}>{t(`size.${s}`)}</span>,
        })),
        onClick: ({ key }) => set({ size: key as UiSize }),
      }}
    >
      <HeaderButton icon={<ColumnHeightOutlined />} title={t('header.size')} data-testid="size-switch" />
    </LazyDropdown>
  );
}
