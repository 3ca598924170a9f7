/**
 * "Unmasked until hh:mm" in the header while this session shows personal data in clear (issue 17
 * item 5), with a button that masks again at once. The server holds the end time; when it passes,
 * the page reloads so nothing unmasked stays on screen (the server masks every answer from then on).
 */
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import UnlockOutlined from '@ant-design/icons/UnlockOutlined';
import { Permission } from '@payops/contracts/permissions';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/permissions.tsx';
import { toast } from '../../lib/toast.ts';
import { HeaderButton } from './header-button.tsx';

interface UnmaskState {
  unmaskedUntil: string | null;
  /** Time left by the server's clock. */
  msLeft: number | null;
}

const RELOAD_AFTER_MS = 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** hh:mm of the end, in the browser's zone like every time on screen. */
function clockText(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function reloadSoon(text: string): void {
  toast.info(text, 1);
  setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
}

export function UnmaskIndicator() {
  const { t } = useTranslation();
  const canUnmask = useCan()(Permission.unmask);
  const [state, setState] = useState<UnmaskState | null>(null);

  useEffect(() => {
    if (!canUnmask) return;
    let live = true;
    api<UnmaskState>('/api/sys/user/unmaskState', { silent: true })
      .then((s) => live && setState(s))
      .catch(() => {
        // Shown as masked: the next answer of any list says what the server thinks.
      });
    return () => {
      live = false;
    };
  }, [canUnmask]);

  const msLeft = state?.msLeft ?? null;
  useEffect(() => {
    if (msLeft === null) return;
    const timer = setTimeout(() => {
      setState(null);
      reloadSoon(t('unmask.ended'));
    }, msLeft);
    return () => clearTimeout(timer);
  }, [msLeft, t]);

  if (!state?.unmaskedUntil) return null;
  const remask = async () => {
    try {
      await api('/api/sys/user/remask', { method: 'POST' });
      setState(null);
      reloadSoon(t('unmask.remasked'));
    } catch {
      // Shown by the client.
    }
  };
  return (
    <span
      className="unmask-indicator"
      data-testid="unmask-indicator"
      role="status"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        padding: '0 2px 0 8px',
        marginInline: 4,
        borderRadius: 4,
        border: '1px solid #ffd591',
        background: '#fff7e6',
        color: '#ad4e00',
        whiteSpace: 'nowrap',
      }}
    >
      <UnlockOutlined />
      <span data-testid="unmask-until">{t('unmask.until', { time: clockText(state.unmaskedUntil) })}</span>
      <HeaderButton
        icon={<EyeInvisibleOutlined />}
        // Icon only: the header must keep room for the user menu (the title names the action).
        title={t('unmask.remaskTitle')}
        aria-label={t('unmask.remask')}
        onClick={() => void remask()}
        data-testid="unmask-remask"
        style={{ height: 24, padding: '0 6px', color: 'inherit' }}
      />
    </span>
  );
}
