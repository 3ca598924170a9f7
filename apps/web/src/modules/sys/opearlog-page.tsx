/**
 * sys/opearlog: the read-only operation log; each row's details open a drawer with the change diff.
 * The action column reads as the action's name in the operator's language; the id shows on hover.
 */
import type { ResourceDef } from '@payops/contracts/resource';
import { opearlog } from '@payops/contracts/resources/sys/opearlog';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import { useSysLabels } from './sys-labels.ts';

// The details load with the drawer, on the first row opened.
const OpearlogDetail = lazy(() => import('./opearlog-detail.tsx'));

type Namer = (id: string, t: TFunction) => string | null;

/**
 * The action names need every definition's labels (the role editor's catalogue): loaded right after
 * the page rather than with it, which keeps the page within its download budget; ids show meanwhile.
 */
function useActionNamer(): Namer | null {
  const [namer, setNamer] = useState<{ fn: Namer } | null>(null);
  useEffect(() => {
    let live = true;
    void import('./permission-label.ts').then((m) => live && setNamer({ fn: m.actionName }));
    return () => {
      live = false;
    };
  }, []);
  return namer?.fn ?? null;
}

export function OpearlogPage() {
  return <OperationLogPage def={opearlog} />;
}

/** The operation log, or a view of part of it (the wallet's cashier log) with the same cells and drawer. */
export function OperationLogPage({ def }: { def: ResourceDef }) {
  useSysLabels();
  const { t } = useTranslation();
  const namer = useActionNamer();
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      cells: {
        action: (value) => {
          const id = String(value ?? '');
          return (
            <span title={id} data-testid="opearlog-action" data-action={id}>
              {namer?.(id, t) ?? id}
            </span>
          );
        },
      },
      detail: (row) => (
        <Suspense fallback={null}>
          <OpearlogDetail row={row} />
        </Suspense>
      ),
    }),
    [t, namer],
  );
  return <ResourcePage def={def} overrides={overrides} />;
}
