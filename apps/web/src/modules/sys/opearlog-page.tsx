/**
 * sys/opearlog: the read-only operation log; each row's details open a drawer with the change diff.
 * The action and object type columns read as names in the operator's language; the ids show on hover.
 * Their filters are searchable selects of those names (type 通过 to find every approval).
 */
import type { ResourceDef } from '@payops/contracts/resource';
import { opearlog } from '@payops/contracts/resources/sys/opearlog';
import { scopedValues } from '@payops/contracts/scope';
import Select from 'antd/es/select';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import type { NamedChoice } from './permission-label.ts';
import { useSysLabels } from './sys-labels.ts';

// The details load with the drawer, on the first row opened.
const OpearlogDetail = lazy(() => import('./opearlog-detail.tsx'));

type Namer = (id: string, t: TFunction) => string | null;
type Chooser = (t: TFunction, objectTypes?: readonly string[]) => NamedChoice[];
interface Namers {
  action: Namer;
  objectType: Namer;
  choices: { action: Chooser; objectType: Chooser };
}

/**
 * The action and object names need every definition's labels (the role editor's catalogue): loaded
 * right after the page rather than with it, which keeps the page within its download budget; ids
 * show meanwhile.
 */
function useNamers(): Namers | null {
  const [namers, setNamers] = useState<Namers | null>(null);
  useEffect(() => {
    let live = true;
    void import('./permission-label.ts').then(
      (m) =>
        live &&
        setNamers({
          action: m.actionName,
          objectType: m.objectTypeName,
          choices: { action: m.actionChoices, objectType: m.objectTypeChoices },
        }),
    );
    return () => {
      live = false;
    };
  }, []);
  return namers;
}

/** A cell of an id read as its name; the id shows on hover and stays in the test attributes. */
function named(name: 'action' | 'objectType', namers: Namers | null, t: TFunction) {
  return (value: unknown) => {
    const id = String(value ?? '');
    return (
      <span title={id} data-testid={`opearlog-${name}`} data-id={id}>
        {namers?.[name](id, t) ?? id}
      </span>
    );
  };
}

/** A filter of an id chosen by its name; the choices arrive with the names (meanwhile an id from the URL shows). */
function namedFilter(name: keyof Namers['choices'], choices: NamedChoice[] | undefined, t: TFunction) {
  return () => (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('engine.placeholderSelect')}
      options={choices ?? []}
      popupMatchSelectWidth={false}
      data-testid={`filter-${name}`}
    />
  );
}

export function OpearlogPage() {
  return <OperationLogPage def={opearlog} />;
}

/**
 * The operation log, or a view of part of it (the wallet's cashier log) with the same cells and drawer;
 * a view's filters offer only the object types of its scope and their actions.
 */
export function OperationLogPage({ def }: { def: ResourceDef }) {
  // A list the filters' memo can keep (a new one on every render would rebuild the overrides).
  const objectTypes = useMemo(() => scopedValues(def, 'objectType'), [def]);
  useSysLabels();
  const { t } = useTranslation();
  const namers = useNamers();
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      cells: { action: named('action', namers, t), objectType: named('objectType', namers, t) },
      filterInputs: {
        action: namedFilter('action', namers?.choices.action(t, objectTypes), t),
        objectType: namedFilter('objectType', namers?.choices.objectType(t, objectTypes), t),
      },
      detail: (row) => (
        <Suspense fallback={null}>
          <OpearlogDetail row={row} />
        </Suspense>
      ),
    }),
    [t, namers, objectTypes],
  );
  return <ResourcePage def={def} overrides={overrides} />;
}
