/** financeTabList: the tag definitions; the dialog that tags a member loads when first opened. */
import { financeTabList } from '@payops/contracts/resources/financeRisk/tags';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides, Row } from '../../engine/types.ts';
import type { Action } from './tag-dialog.tsx';

const TagMemberDialog = lazy(() => import('./tag-dialog.tsx').then((m) => ({ default: m.TagMemberDialog })));

export function FinanceTagPage() {
  const [open, setOpen] = useState<{ row: Row; action: Action; ctx: PageContext } | null>(null);
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      actionHandlers: {
        assign: (rows, ctx) => rows[0] && setOpen({ row: rows[0], action: 'assign', ctx }),
        unassign: (rows, ctx) => rows[0] && setOpen({ row: rows[0], action: 'unassign', ctx }),
      },
    }),
    [],
  );
  return (
    <>
      <ResourcePage def={financeTabList} overrides={overrides} />
      {open && (
        <Suspense fallback={null}>
          <TagMemberDialog
            row={open.row}
            action={open.action}
            onClose={() => {
              open.ctx.refresh();
              setOpen(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
