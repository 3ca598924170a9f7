/**
 * The user dropdown: change password (warning without the permission), bind authenticator (only the
 * built-in admin id 1 while unbound), unmask (only with its permission), logout.
 */
import DownOutlined from '@ant-design/icons/DownOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Permission } from '@payops/contracts/permissions';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, BIND_REQUIRED_EVENT } from '../../lib/api.ts';
import { promptCode } from '../../lib/code-prompt.ts';
import { holdCode } from '../../lib/held-code.ts';
import { LazyDropdown } from '../../lib/lazy-dropdown.tsx';
import { useCan } from '../../lib/permissions.tsx';
import { useCurrentUser } from '../../lib/queries.ts';
import { loadedPermissions } from '../../lib/resources-store.ts';
import { logout } from '../../lib/session.ts';
import { MUST_BIND_KEY } from '../../lib/storage-keys.ts';
import { toast } from '../../lib/toast.ts';
import { HeaderButton } from './header-button.tsx';

// Dialogs load when first opened: they are not part of the first screen.
const PasswordDialog = lazy(() =>
  import('../dialogs/password-dialog.tsx').then((m) => ({ default: m.PasswordDialog })),
);
const BindAuthDialog = lazy(() =>
  import('../dialogs/bind-auth-dialog.tsx').then((m) => ({ default: m.BindAuthDialog })),
);

/** The built-in administrator (spec §6). */
const BUILT_IN_ADMIN_ID = 1;

async function unmask(doneText: string): Promise<void> {
  const code = await promptCode({ path: '/api/sys/user/googleAuthAdmin' });
  if (code === null) return;
  holdCode(code);
  try {
    await api('/api/sys/user/googleAuthAdmin');
    toast.success(doneText, 1);
    setTimeout(() => window.location.reload(), 1000);
  } catch {
    // Shown by the client.
  }
}

export function UserMenu() {
  const { t } = useTranslation();
  const can = useCan();
  const { data: user } = useCurrentUser();
  const [dialog, setDialog] = useState<'password' | 'bind' | null>(null);
  const showBind = user?.userId === BUILT_IN_ADMIN_ID && user.googleAuthStatusData !== 1;

  // Binding required for everyone: straight to the bind dialog after sign-in or on a refused call.
  useEffect(() => {
    const open = () => setDialog('bind');
    if (sessionStorage.getItem(MUST_BIND_KEY)) {
      sessionStorage.removeItem(MUST_BIND_KEY);
      toast.warning(t('login.mustBind'));
      open();
    }
    window.addEventListener(BIND_REQUIRED_EVENT, open);
    return () => window.removeEventListener(BIND_REQUIRED_EVENT, open);
  }, [t]);

  const items = [
    { key: 'password', label: <span data-testid="user-menu-password">{t('user.changePassword')}</span> },
    ...(showBind
      ? [{ key: 'bind', label: <span data-testid="user-menu-bind">{t('user.bindAuth')}</span> }]
      : []),
    ...(can(Permission.unmask)
      ? [{ key: 'unmask', label: <span data-testid="user-menu-unmask">{t('user.unmask')}</span> }]
      : []),
    { type: 'divider' as const },
    { key: 'logout', label: <span data-testid="user-menu-logout">{t('user.logout')}</span> },
  ];

  const onClick = ({ key }: { key: string }) => {
    if (key === 'password') {
      void loadedPermissions().then((permissions) => {
        if (permissions.has(Permission.updatePassword)) setDialog('password');
        else toast.warning(t('user.noPermission'));
      });
    } else if (key === 'bind') setDialog('bind');
    else if (key === 'unmask') void unmask(t('user.unmaskSucceeded'));
    else if (key === 'logout') void logout();
  };

  return (
    <>
      <LazyDropdown trigger={['click']} menu={{ items, onClick }}>
        <HeaderButton icon={<UserOutlined />} data-testid="user-menu">
          {user?.userName ?? ''} <DownOutlined />
        </HeaderButton>
      </LazyDropdown>
      <Suspense fallback={null}>
        {dialog === 'password' && <PasswordDialog open onClose={() => setDialog(null)} />}
        {dialog === 'bind' && <BindAuthDialog open onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
