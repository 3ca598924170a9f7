/**
 * The audit timeline of one record in its detail drawer: `GET <api>/audit?id=` (newest first, paged
 * by "older entries"), each entry with its time, operator, action, the fields it changed and the
 * amount and reason the operator gave. Masked
 * by the server as in lists.
 */
import { type AuditAnswer, type AuditEntry, auditPath } from '@payops/contracts/options';
import type { FieldDef, ResourceDef } from '@payops/contracts/resource';
import { useInfiniteQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { i18n } from '../lib/i18n.ts';
import { valueText as cellText } from './cell-value.tsx';
import { diffRows } from './change-rows.ts';
import './detail-messages.ts';
import { resourceKey } from './resource-api.ts';

const PAGE_SIZE = 10;

/** What the audit row keeps for "no value" (diffRows writes each side as text). */
const EMPTY = new Set(['', 'null', '{}', '[]']);

/** A changed value as the list shows it: a state's label, a rate in %, an amount to its cents, '-' for none. */
function valueText(field: FieldDef | undefined, value: string, t: TFunction): string {
  if (EMPTY.has(value)) return '-';
  if (!field) return value;
  const option = field.options.find((o) => String(o.value) === value);
  if (option) return t(option.label);
  if (field.type === 'boolean') return t(value === 'true' ? 'engine.yes' : 'engine.no');
  return cellText(field, value, t) || value;
}

/**
 * The name of an audited action in the operator's language: a transition of the record's lifecycle
 * (the system's too: "payout failed"), one of its actions, or another resource's action whose row
 * the history shows too (`group.resource.action`: a balance adjustment requested on its merchant);
 * the id itself when none knows it.
 */
function actionText(def: ResourceDef, id: string, t: TFunction): string {
  const [name = id, resource] = id.split('.').reverse();
  const labels = [
    def.lifecycle?.transitions[name]?.label,
    Object.values(def.actions).find((a) => a.permission === id)?.label,
    resource && `action.${resource}.${name}`,
  ];
  const label = labels.find((l) => l && i18n.exists(l));
  return label ? t(label) : id;
}

function Changes({ def, entry }: { def: ResourceDef; entry: AuditEntry }) {
  const { t } = useTranslation();
  const rows = diffRows(entry.before, entry.after).filter((r) => r.changed);
  if (rows.length === 0) return null;
  const fields = def.fields as Record<string, FieldDef>;
  return (
    <ul className="engine-audit-changes">
      {rows.map((r) => (
        <li key={r.field}>
          <span className="engine-audit-field">{fields[r.field] ? t(fields[r.field]!.label) : r.field}</span>{' '}
          <code title={t('engine.changeBefore')}>{valueText(fields[r.field], r.before, t)}</code> →{' '}
          <code title={t('engine.changeAfter')}>{valueText(fields[r.field], r.after, t)}</code>
        </li>
      ))}
    </ul>
  );
}

/** What an operator gave with the step (the audit row's `extra`): its amount and reason. */
const NOTES = ['amount', 'reason'] as const;

function Notes({ def, entry }: { def: ResourceDef; entry: AuditEntry }) {
  const { t } = useTranslation();
  const extra = (entry.extra ?? {}) as Record<string, unknown>;
  const given = NOTES.filter((k) => typeof extra[k] === 'string' && extra[k] !== '');
  if (given.length === 0) return null;
  // An amount reads as the record's own amount field does (to its currency's decimals).
  const fields = def.fields as Record<string, FieldDef>;
  return (
    <ul className="engine-audit-changes" data-testid="audit-notes">
      {given.map((k) => (
        <li key={k}>
          <span className="engine-audit-field">{t(`engine.note.${k}`)}</span>{' '}
          {valueText(fields[k]?.type === 'money' ? fields[k] : undefined, String(extra[k]), t)}
        </li>
      ))}
    </ul>
  );
}

export function AuditTimeline({ def, id }: { def: ResourceDef; id: unknown }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: [...resourceKey(def), 'audit', String(id)],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api<AuditAnswer>(auditPath(def), {
        params: { id: String(id), page: pageParam, pageSize: PAGE_SIZE },
      }),
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.list.length, 0) < last.pager.total ? last.pager.page + 1 : undefined,
  });
  const entries = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (query.isSuccess && entries.length === 0)
    return <Empty description={t('engine.historyEmpty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div data-testid="audit-timeline">
      <Timeline
        items={entries.map((e) => ({
          key: e.id,
          color: e.result === 'success' ? 'blue' : 'red',
          content: (
            <div data-testid="audit-entry">
              <div>
                <strong>{formatDateTime(e.at)}</strong> · {e.operatorName} ·{' '}
                <span title={e.action} data-testid="audit-action">
                  {actionText(def, e.action, t)}
                </span>{' '}
                {e.result === 'failure' && <Tag color="red">{t('engine.historyFailed')}</Tag>}
              </div>
              <Changes def={def} entry={e} />
              <Notes def={def} entry={e} />
            </div>
          ),
        }))}
      />
      {query.hasNextPage && (
        <Button
          size="small"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          data-testid="audit-more"
        >
          {t('engine.historyMore')}
        </Button>
      )}
    </div>
  );
}
