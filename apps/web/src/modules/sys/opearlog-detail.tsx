/** The details of one operation-log row (the drawer's content): its fields and the change diff. */
import type { FieldDef } from '@payops/contracts/resource';
import { opearlog } from '@payops/contracts/resources/sys/opearlog';
import Descriptions from 'antd/es/descriptions';
import { useTranslation } from 'react-i18next';
import { renderValue } from '../../engine/cell-value.tsx';
import type { Row } from '../../engine/types.ts';
import { ChangeDiff } from './change-diff.tsx';

export default function OpearlogDetail({ row }: { row: Row }) {
  const { t } = useTranslation();
  const fields = Object.values(opearlog.fields as Record<string, FieldDef>).filter((f) => f.list);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Descriptions size="small" bordered column={2}>
        {fields.map((f) => (
          <Descriptions.Item key={f.name} label={t(f.label)}>
            {renderValue(f, row[f.name], t)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <ChangeDiff detail={row.detail} />
    </div>
  );
}
