/** Browser full screen toggle of the header. */
import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/FullscreenOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderButton } from './header-button.tsx';

export function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(!!document.fullscreenElement);

  useEffect(() => {
    const sync = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };

  return (
    <HeaderButton
      icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      title={t(full ? 'header.exitFullscreen' : 'header.fullscreen')}
      onClick={toggle}
      data-testid="fullscreen-toggle"
    />
  );
}
