/** sys/opearlog: the read-only operation log; each row's details open a drawer with the change diff. */
import type { FieldDef } from '@payops/contracts/resource';
import { opearlog } from '@payops/contracts/resources/sys/opearlog';
import Descriptions from 'antd/es/descriptions';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { renderValue } from '../../engine/cell-value.tsx';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides, Row } from '../../engine/types.ts';
import { ChangeDiff } from './change-diff.tsx';
import { useSysLabels } from './sys-labels.ts';

function OpearlogDetail({ row }: { row: Row }) {
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

export function OpearlogPage() {
  useSysLabels();
  const overrides = useMemo<ResourceOverrides>(() => ({ detail: (row) => <OpearlogDetail row={row} /> }), []);
  return <ResourcePage def={opearlog} overrides={overrides} />;
}
