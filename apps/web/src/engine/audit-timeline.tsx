/**
 * The audit timeline of one record in its detail drawer: `GET <api>/audit?id=` (newest first, paged
 * by "older entries"), each entry with its time, operator, action and the fields it changed. Masked
 * by the server as in lists.
 */
import { type AuditAnswer, type AuditEntry, auditPath } from '@payops/contracts/options';
import type { FieldDef, ResourceDef } from '@payops/contracts/resource';
import { useInfiniteQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { diffRows } from './change-rows.ts';
import './detail-messages.ts';
import { resourceKey } from './resource-api.ts';

const PAGE_SIZE = 10;

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
          <code title={t('engine.changeBefore')}>{r.before || '-'}</code> →{' '}
          <code title={t('engine.changeAfter')}>{r.after || '-'}</code>
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
                <strong>{formatDateTime(e.at)}</strong> · {e.operatorName} · <code>{e.action}</code>{' '}
                {e.result === 'failure' && <Tag color="red">{t('engine.historyFailed')}</Tag>}
              </div>
              <Changes def={def} entry={e} />
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
