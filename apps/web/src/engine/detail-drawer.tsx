/** The detail drawer of a row, loaded when the first row's details are opened. */
import Drawer from 'antd/es/drawer';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export default function DetailDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('engine.detail')}
      size="large"
      destroyOnHidden
      data-testid="detail-drawer"
    >
      {children}
    </Drawer>
  );
}
