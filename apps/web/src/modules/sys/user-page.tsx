/**
 * sys/user: the engine's operator list plus what a definition cannot say: the initial password is
 * encrypted before it leaves the browser, and three actions open their own dialogs (password, roles,
 * authenticator). Enable/disable (the lifecycle) and bind/reset (`when`) show by the definition.
 */
import { user } from '@payops/contracts/resources/sys/user';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides, Row } from '../../engine/types.ts';
import { encryptPasswords } from '../../lib/password.ts';
import { passwordRules, usePasswordPolicy } from '../../lib/password-policy.ts';
import { useSysLabels } from './sys-labels.ts';

// The three dialogs load when one is first opened, not with the list.
const UserGoogleDialog = lazy(() =>
  import('./user-google-dialog.tsx').then((m) => ({ default: m.UserGoogleDialog })),
);
const UserPasswordDialog = lazy(() =>
  import('./user-password-dialog.tsx').then((m) => ({ default: m.UserPasswordDialog })),
);
const UserRolesDialog = lazy(() =>
  import('./user-roles-dialog.tsx').then((m) => ({ default: m.UserRolesDialog })),
);

type Dialog = { kind: 'resetPassword' | 'assignRoles' | 'bindGoogle'; row: Row; ctx: PageContext };

export function UserPage() {
  useSysLabels();
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const policy = usePasswordPolicy();

  const overrides = useMemo<ResourceOverrides>(() => {
    const open = (kind: Dialog['kind']) => (rows: Row[], ctx: PageContext) =>
      rows[0] && setDialog({ kind, row: rows[0], ctx });
    return {
      actionHandlers: {
        resetPassword: open('resetPassword'),
        assignRoles: open('assignRoles'),
        bindGoogle: open('bindGoogle'),
      },
      extraRules: { password: passwordRules(t, policy) },
      // The password leaves the browser only encrypted, with a fresh key for every send.
      toBody: async (values, mode) => {
        // With the form dialog's code (already loaded when a form is sent), not with the list.
        const { formFields, toBody } = await import('../../engine/form-values.ts');
        const body = toBody(user, formFields(user, mode.kind), values, mode);
        if (mode.kind === 'add' && typeof values.password === 'string') {
          Object.assign(body, await encryptPasswords({ password: values.password }));
        }
        return body;
      },
    };
  }, [t, policy]);

  const close = () => setDialog(null);
  const saved = () => {
    dialog?.ctx.refresh();
    setDialog(null);
  };
  const path = (name: string) => user.actions[name]!.path;

  return (
    <>
      <ResourcePage def={user} overrides={overrides} />
      {/* Its own boundary: the list must not blank out while a dialog's code loads. */}
      <Suspense fallback={null}>
        {dialog?.kind === 'resetPassword' && (
          <UserPasswordDialog row={dialog.row} path={path('resetPassword')} onClose={close} />
        )}
        {dialog?.kind === 'assignRoles' && (
          <UserRolesDialog row={dialog.row} path={path('assignRoles')} onClose={close} onSaved={saved} />
        )}
        {dialog?.kind === 'bindGoogle' && (
          <UserGoogleDialog row={dialog.row} path={path('bindGoogle')} onClose={close} onSaved={saved} />
        )}
      </Suspense>
    </>
  );
}
