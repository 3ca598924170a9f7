/**
 * The actions of one row: edit, the definition's row actions, delete, details and the page's extras,
 * each shown only when the operator's resource list holds its permission (useCan) and when it applies
 * to the row as it is now, as the definition says (actionApplies: a lifecycle transition from the
 * row's state and not on the operator's own request under maker-checker, a flag action's `when`, edit
 * and remove in editable states). A transition with input opens its dialog, built from the same
 * definition. The first few are links; the rest go into a "more" menu so a row stays one line.
 */
import DownOutlined from '@ant-design/icons/DownOutlined';
import { actionApplies, hasInput } from '@payops/contracts/lifecycle';
import type { ActionDef, ResourceDef } from '@payops/contracts/resource';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Space from 'antd/es/space';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../lib/queries.ts';
import type { Runner } from './action-runner.ts';
import type { PageContext, ResourceOverrides, Row } from './types.ts';

// Loaded when a transition's dialog first opens, not with the list.
const TransitionDialog = lazy(() =>
  import('./transition-dialog.tsx').then((m) => ({ default: m.TransitionDialog })),
);

const INLINE = 3;

interface Item {
  key: string;
  label: string;
  danger?: boolean;
  onClick: () => void;
}

/** The row-scoped actions an operator may use, in definition order. */
export function rowActionsOf(def: ResourceDef, can: (p: string) => boolean): ActionDef[] {
  return Object.values(def.actions).filter(
    (a) => (a.scope === 'row' || a.name === 'remove') && can(a.permission),
  );
}

export function RowActions({
  row,
  actions,
  runner,
  ctx,
  overrides,
  onDetail,
}: {
  row: Row;
  actions: ActionDef[];
  runner: Runner;
  ctx: PageContext;
  overrides: ResourceOverrides;
  onDetail?: () => void;
}) {
  const { t } = useTranslation();
  const me = useCurrentUser().data?.userId;
  const [dialog, setDialog] = useState<ActionDef | null>(null);
  const { def } = ctx;
  const items: Item[] = [];
  if (onDetail) items.push({ key: 'detail', label: t('engine.detail'), onClick: onDetail });
  for (const action of actions) {
    if (overrides.hiddenActions?.includes(action.name)) continue;
    if (!actionApplies(def.lifecycle, action, row, me)) continue;
    const transition = action.transition ? def.lifecycle?.transitions[action.transition] : undefined;
    if (transition && hasInput(transition) && !overrides.actionHandlers?.[action.name]) {
      items.push({ key: action.name, label: t(action.label), onClick: () => setDialog(action) });
    } else if (action.name === 'edit') {
      items.push({ key: 'edit', label: t(action.label), onClick: () => ctx.openEdit(row) });
    } else if (action.name === 'remove') {
      items.push({
        key: 'remove',
        label: t(action.label),
        danger: true,
        onClick: () => runner.remove([row]),
      });
    } else {
      items.push({ key: action.name, label: t(action.label), onClick: () => runner.run(action, [row]) });
    }
  }
  const inline = items.slice(0, INLINE);
  const rest = items.slice(INLINE);
  const extra: ReactNode = overrides.extraRowActions?.(row, ctx);
  return (
    <Space size={0} wrap={false} data-testid="row-actions">
      {inline.map((item) => (
        <Button
          key={item.key}
          type="link"
          size="small"
          danger={item.danger}
          onClick={item.onClick}
          data-testid={`row-${item.key}`}
        >
          {item.label}
        </Button>
      ))}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((item) => ({
              key: item.key,
              label: <span data-testid={`row-${item.key}`}>{item.label}</span>,
              danger: item.danger,
            })),
            onClick: ({ key }) => rest.find((i) => i.key === key)?.onClick(),
          }}
        >
          <Button type="link" size="small" data-testid="row-more">
            {t('engine.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {extra}
      {dialog && (
        <Suspense fallback={null}>
          <TransitionDialog
            def={def}
            action={dialog}
            row={row}
            onClose={() => setDialog(null)}
            onDone={() => {
              setDialog(null);
              ctx.refresh();
            }}
          />
        </Suspense>
      )}
    </Space>
  );
}
