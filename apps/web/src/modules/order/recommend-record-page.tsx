/**
 * order/recommendRecordList: the routing decisions. The definition does the list, search and export;
 * the candidates (a JSON list) show as one tag per passage, in the order routing ranked them, with
 * what became of it (chosen, the upstream's error, skipped and why) in the operator's language.
 */
import type { RouteCandidate } from '@payops/contracts/resources/order/recommend-record';
import { recommendRecordList } from '@payops/contracts/resources/order/recommend-record';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { Row } from '../../engine/types.ts';

const COLORS: Partial<Record<RouteCandidate['verdict'], string>> = {
  chosen: 'green',
  upstream_error: 'red',
  not_tried: 'default',
  failover_off: 'default',
};

function Candidates({ value, wrap }: { value: unknown; wrap?: boolean }) {
  const { t } = useTranslation();
  const list = Array.isArray(value) ? (value as RouteCandidate[]) : [];
  if (!list.length) return <span className="engine-blank">-</span>;
  return (
    <Space size={[4, 4]} wrap={wrap ?? false} data-testid="route-candidates">
      {list.map((c) => (
        <Tooltip key={c.passageId} title={c.detail}>
          <Tag color={COLORS[c.verdict] ?? 'orange'} data-verdict={c.verdict}>
            {c.name} · {t(`enum.recommendRecordList.verdict.${c.verdict}`)}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

export function RecommendRecordPage() {
  return (
    <ResourcePage
      def={recommendRecordList}
      overrides={{
        cells: { candidates: (value) => <Candidates value={value} /> },
        detail: (row: Row) => <Candidates value={row.candidates} wrap />,
      }}
    />
  );
}
