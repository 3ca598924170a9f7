/**
 * The detail drawer of a row (opened by a click on the row, its "details" action, or `?detail=` in
 * the URL), loaded on first use. Its content is generated from the definition (record-detail.tsx);
 * a page's own `detail` override is shown as an extra section.
 */
import type { ResourceDef } from '@payops/contracts/resource';
import Drawer from 'antd/es/drawer';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './detail-messages.ts';
import { RecordDetail } from './record-detail.tsx';
import type { Row } from './types.ts';

export default function DetailDrawer({
  def,
  row,
  open,
  onClose,
  extra,
}: {
  def: ResourceDef;
  row: Row | null;
  open: boolean;
  onClose: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const name = row ? row[def.labelField] : undefined;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={name === undefined || name === null ? t('engine.detail') : t('engine.detailTitle', { name })}
      size="large"
      destroyOnHidden
      data-testid="detail-drawer"
    >
      {row && <RecordDetail def={def} row={row} extra={extra} />}
    </Drawer>
  );
}
