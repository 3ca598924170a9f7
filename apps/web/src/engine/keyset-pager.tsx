/**
 * The list pager: numbered pages by OFFSET within the first TOTAL_CAP rows, then "previous / next"
 * by keyset, since the server serves deeper pages only with the cursor of the page before
 * (performance.md, "deep pages"). The total is asked for on page 1 only and kept while paging.
 */
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { PAGER_SIZES, TOTAL_CAP } from '@payops/contracts/api';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { TablePaginationConfig } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Pager } from './types.ts';

/** A pager's "N rows" (or "N+ rows" when the count stopped at its cap). */
export function totalText(t: TFunction, total: number, capped: boolean): string {
  const n = total.toLocaleString('en-US');
  return capped ? t('engine.totalCapped', { total: n }) : t('engine.total', { total: n });
}

interface Known {
  total: number;
  capped: boolean;
}

export function useListPager(defaultPageSize: number) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(defaultPageSize);
  /** Page number -> the cursor that reads it (the nextCursor of the page before). */
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const [known, setKnown] = useState<Known | null>(null);
  const offsetPages = Math.floor(TOTAL_CAP / pageSize);
  // Numbered pages cover the counted rows (a capped count may stop early, e.g. at 1,000 for a
  // `contains` filter) and never go past the OFFSET limit; the rest is reached by keyset.
  const numbered = known?.capped
    ? Math.max(1, Math.ceil(Math.min(known.total, offsetPages * pageSize) / pageSize))
    : offsetPages;
  const deep = page > numbered;
  const cursor = cursors[page];

  const request = {
    page: deep && !cursor ? 1 : page,
    pageSize,
    ...(deep && cursor ? { cursor } : {}),
    withTotal: page === 1 || known === null,
  };

  /**
   * Filters or sort changed: back to page 1, cursors forgotten. The total stays until page 1's answer
   * (which always counts) replaces it: a search that changes nothing gets the same answer, and
   * forgetting the total then would leave the pager with no pages and no count.
   */
  const reset = useCallback(() => {
    setPage(1);
    setCursors({});
  }, []);

  /** Keeps what an answer tells about the pages around it. */
  const useAnswer = (pager: Pager | undefined) => {
    const next = pager?.nextCursor;
    const answeredPage = pager?.page;
    const total = pager?.total;
    const capped = pager?.totalCapped ?? false;
    useEffect(() => {
      if (answeredPage === undefined) return;
      if (total !== null && total !== undefined) setKnown({ total, capped });
      if (next) setCursors((c) => (c[answeredPage + 1] === next ? c : { ...c, [answeredPage + 1]: next }));
    }, [answeredPage, next, total, capped]);
  };

  const onTableChange = (p: TablePaginationConfig) => {
    const size = p.pageSize ?? pageSize;
    if (size !== pageSize) {
      setPageSize(size);
      reset();
      return;
    }
    setPage(p.current ?? 1);
  };

  return {
    page,
    pageSize,
    request,
    deep,
    known,
    reset,
    useAnswer,
    onTableChange,
    /** A next page exists beyond the numbered ones (the total is capped and the server gave a cursor). */
    hasDeeper: (pager: Pager | undefined) => !!pager?.nextCursor && (known?.capped ?? false),
    goto: setPage,
    numbered,
  };
}

export type ListPager = ReturnType<typeof useListPager>;

/** antd's pagination for the numbered pages, or false while paging by keyset below them. */
export function tablePagination(
  pager: Pick<ListPager, 'deep' | 'page' | 'pageSize' | 'known' | 'numbered'>,
  showTotal: (total: number) => string,
): TablePaginationConfig | false {
  if (pager.deep) return false;
  return {
    current: pager.page,
    pageSize: pager.pageSize,
    total: Math.min(pager.known?.total ?? 0, pager.numbered * pager.pageSize),
    showSizeChanger: true,
    pageSizeOptions: [...PAGER_SIZES],
    showTotal: () => (pager.known ? showTotal(pager.known.total) : ''),
  };
}

/** Previous / next below the numbered pages; shown on the last numbered page and beyond. */
export function KeysetNav({ pager, answer }: { pager: ListPager; answer: Pager | undefined }) {
  const { t } = useTranslation();
  const onLastNumbered = pager.page === pager.numbered;
  if (!pager.deep && !(onLastNumbered && pager.hasDeeper(answer))) return null;
  return (
    <Space className="engine-keyset-nav" data-testid="keyset-nav">
      {pager.deep && (
        <>
          <Button size="small" onClick={() => pager.goto(1)} data-testid="keyset-first">
            {t('engine.pagerFirst')}
          </Button>
          <Button
            size="small"
            icon={<LeftOutlined />}
            onClick={() => pager.goto(pager.page - 1)}
            data-testid="keyset-previous"
          >
            {t('engine.pagerPrevious')}
          </Button>
          <span data-testid="keyset-page">
            {t('engine.pagerPage', { page: pager.page.toLocaleString('en-US') })}
          </span>
        </>
      )}
      <Button
        size="small"
        disabled={!answer?.nextCursor}
        onClick={() => pager.goto(pager.page + 1)}
        data-testid="keyset-next"
      >
        {t('engine.pagerNext')}
        <RightOutlined />
      </Button>
    </Space>
  );
}
