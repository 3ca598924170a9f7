/**
 * The detail of one record, generated from its definition: every field (masked as the server sent
 * it, enums as tags, money formatted, refs as links), a page's own extra section, the related child
 * lists the definition declares, and the record's audit timeline, each only with its permission.
 */
import { type ChildListDef, detailFields, type FieldDef, type ResourceDef } from '@payops/contracts/resource';
import { opearlog } from '@payops/contracts/resources/sys/opearlog';
import Descriptions from 'antd/es/descriptions';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../lib/permissions.tsx';
import { AuditTimeline } from './audit-timeline.tsx';
import { renderValue, valueText } from './cell-value.tsx';
import { ChildList } from './child-list.tsx';
import './detail-messages.ts';
import { ChoicesCell } from './choices-cell.tsx';
import { RefCell } from './ref-cell.tsx';
import { useResourceDef } from './resource-registry.ts';
import type { Row } from './types.ts';

function FieldValue({ def, field, row }: { def: ResourceDef; field: FieldDef; row: Row }) {
  const { t } = useTranslation();
  const value = row[field.name];
  if (field.type === 'ref') return <RefCell field={field} row={row} />;
  if (field.choices) return <ChoicesCell field={field} row={row} />;
  if (
    (field.type === 'text' || field.type === 'json') &&
    value !== null &&
    value !== undefined &&
    value !== ''
  )
    return <span className="engine-detail-text">{valueText(field, value, t)}</span>;
  return <>{renderValue(field, value, t, field.name === def.key, row)}</>;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="engine-detail-section" data-testid={testId}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

function ChildSection({ child, parent }: { child: ChildListDef; parent: Row }) {
  const { t } = useTranslation();
  const can = useCan();
  const def = useResourceDef(child.resource);
  if (!def || !can(def.actions.list?.permission ?? '')) return null;
  return (
    <Section title={t(child.label)}>
      <ChildList child={child} def={def} parent={parent} />
    </Section>
  );
}

export function RecordDetail({ def, row, extra }: { def: ResourceDef; row: Row; extra?: ReactNode }) {
  const { t } = useTranslation();
  const can = useCan();
  const canHistory = can(def.actions.list?.permission ?? '') && can(opearlog.actions.list!.permission);
  return (
    <div className="engine-detail" data-testid="record-detail">
      <Section title={t('engine.detailFields')} testId="detail-fields">
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
          {detailFields(def).map((f) => (
            <Descriptions.Item key={f.name} label={t(f.label)}>
              <span data-testid={`detail-${f.name}`}>
                <FieldValue def={def} field={f} row={row} />
              </span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Section>
      {extra}
      {def.children.map((c) => (
        <ChildSection key={c.name} child={c} parent={row} />
      ))}
      {canHistory && (
        <Section title={t('engine.history')} testId="detail-history">
          <AuditTimeline def={def} id={row[def.key]} />
        </Section>
      )}
    </div>
  );
}
