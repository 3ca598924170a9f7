/**
 * The list page's detail drawer with its own state: which record is open (a row clicked, or a key
 * from `?detail=` read by getById). Held here rather than in ResourcePage so that opening and
 * closing a record renders the drawer only, not the page and every cell of its table again
 * (performance.md, INP: the click on a row held the page 300-500 ms while the table re-rendered).
 * The page opens it through the handle.
 */
import type { ResourceDef } from '@payops/contracts/resource';
import {
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { api } from '../lib/api.ts';
import type { Row } from './types.ts';

// Not on a list's first screen, so loaded on first use (performance.md: each page ≤ 160 KB gzip).
const DetailDrawer = lazy(() => import('./detail-drawer.tsx'));

export interface DetailHandle {
  /** Opens a row of the list. */
  show(row: Row): void;
  /** Opens the record with this key (read by getById; it need not be on the current page), or none. */
  showKey(key: string | null): void;
}

export function DetailHost({
  def,
  initialKey,
  extra,
  ref,
}: {
  def: ResourceDef;
  initialKey: string | null;
  /** The page's own section of a record's detail (its `detail` override). */
  extra?: (row: Row) => ReactNode;
  ref: Ref<DetailHandle>;
}) {
  const [key, setKey] = useState(initialKey);
  const [row, setRow] = useState<Row | null>(null);
  // Once opened, the drawer stays mounted, so it closes with its animation.
  const used = useRef(false);
  if (row) used.current = true;
  useImperativeHandle(ref, () => ({ show: setRow, showKey: setKey }), []);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    void api<Row>(`${def.api}/getById`, { params: { id: key }, silent: true })
      .then((found) => live && setRow(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [def.api, key]);

  if (!used.current) return null;
  return (
    <Suspense fallback={null}>
      <DetailDrawer
        def={def}
        row={row}
        open={!!row}
        onClose={() => {
          setRow(null);
          setKey(null);
        }}
        extra={row && extra ? extra(row) : undefined}
      />
    </Suspense>
  );
}
