/**
 * A related list in a record's detail drawer (the definition's `children`): a compact table of the
 * child resource through its own list endpoint and permission, with the parent's value as a fixed
 * filter (and the definition's `also` filters), and a link to the child's page filtered the same way
 * when the child is that page's list.
 */
import { type ChildListDef, childFilters, type ResourceDef } from '@payops/contracts/resource';
import Empty from 'antd/es/empty';
import Table from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buildColumns } from './columns.tsx';
import './detail-messages.ts';
import { useResourceList } from './resource-api.ts';
import { useResourceLabels } from './resource-labels.ts';
import type { Row } from './types.ts';

const PAGE_SIZE = 10;
const NO_OVERRIDES = {};

export function ChildList({ child, def, parent }: { child: ChildListDef; def: ResourceDef; parent: Row }) {
  useResourceLabels(def);
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const value = parent[child.parentField];
  const filters = childFilters(child, parent);
  const query = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)]));
  const list = useResourceList(
    def,
    { page, pageSize: PAGE_SIZE, filters },
    value !== null && value !== undefined,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: titles are translated when built
  const columns = useMemo(() => buildColumns(def, t, [], undefined, NO_OVERRIDES), [def, t, i18n.language]);
  return (
    <div data-testid={`child-${child.name}`}>
      <Table<Row>
        size="small"
        rowKey={(row) => String(row[def.key])}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty description={t('engine.childEmpty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />,
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.pager.total ?? 0,
          size: 'small',
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
      {def.pageList && <Link to={`${def.pagePath}?${query}`}>{t('engine.openList')}</Link>}
    </div>
  );
}
