/**
 * Running an action after its confirmation: the common delete (the spec's "sure to delete the
 * selected data?") and custom actions without a page handler (a POST to the action's path, whose
 * answer may carry a notice to show instead of "done").
 * Confirmations use the page's own modal hook, so they follow the console's theme and language; its
 * code loads on the first confirmation (lib/confirm.tsx).
 */
import type { ActionDef, ResourceDef } from '@payops/contracts/resource';
import type { TFunction } from 'i18next';
import type { Confirm } from '../lib/confirm.tsx';
import { toast } from '../lib/toast.ts';
import { noticeOf, removeRows, runAction } from './resource-api.ts';
import type { PageContext, ResourceOverrides, Row } from './types.ts';

export interface Runner {
  remove: (rows: Row[], after?: () => void) => void;
  run: (action: ActionDef, rows: Row[]) => void;
}

export function createRunner(
  def: ResourceDef,
  confirm: Confirm,
  t: TFunction,
  ctx: PageContext,
  overrides: ResourceOverrides,
): Runner {
  const ask = (text: string, danger: boolean, go: () => Promise<unknown>) =>
    confirm({
      title: text,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger, 'data-testid': 'confirm-ok' } as never,
      // Resolving keeps the button spinning until the request ends; a failure was already toasted.
      onOk: () => go().catch(() => undefined),
    });

  return {
    remove: (rows, after) =>
      ask(t(def.actions.remove?.confirm ?? 'confirm.remove'), true, async () => {
        await removeRows(
          def,
          rows.map((r) => r[def.key]),
        );
        toast.success(t('engine.removed'));
        after?.();
        ctx.refresh();
      }),
    run: (action, rows) => {
      const handler = overrides.actionHandlers?.[action.name];
      if (handler) {
        handler(rows, ctx);
        return;
      }
      const go = async () => {
        const answer = await runAction(def, action, rows);
        const notice = noticeOf(answer);
        if (notice) toast[notice.level](notice.text);
        else toast.success(t('engine.done'));
        ctx.refresh();
      };
      if (action.confirm) ask(t(action.confirm), false, go);
      else void go().catch(() => undefined);
    },
  };
}
