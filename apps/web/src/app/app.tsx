/**
 * Providers: antd configuration from the settings (size, theme, locale), the router,
 * and the dialogs any request may open. Language changes reach i18next, antd and dayjs together.
 */
import type { Locale } from '@payops/contracts/api';
import ConfigProvider from 'antd/es/config-provider';
import { type ReactNode, startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { cachedAntdLocale, loadAntdLocale } from '../lib/antd-locale.ts';
import { i18n, loadLanguage } from '../lib/i18n.ts';
import { useSettings } from '../lib/settings-store.ts';
import { AppRoutes } from './app-routes.tsx';
import { CodeDialogHost } from './dialogs/code-dialog-host.tsx';
import { RouteProgress } from './route-progress.tsx';
import { componentSize, themeConfig } from './theme.ts';

/**
 * The chosen language applied to i18next, antd and dayjs once its texts are loaded. Every text of
 * the console and its kept pages renders anew: as a transition, which React renders in slices, so
 * the click that chose the language is answered at once (performance.md, INP <= 200 ms: rendered
 * in one piece it held the page 1.3 s).
 */
function useLanguageSync(language: Locale) {
  const [antdLocale, setAntdLocale] = useState(() => cachedAntdLocale(language));
  useEffect(() => {
    let chosen = true;
    void Promise.all([loadLanguage(language), loadAntdLocale(language)]).then(([, loaded]) => {
      if (!chosen) return;
      startTransition(() => {
        // With its texts loaded, i18next tells its components synchronously: inside the transition.
        void i18n.changeLanguage(language);
        setAntdLocale(loaded);
      });
    });
    // dayjs only matters to pages with dates, which load it anyway; keep it out of the first download.
    void Promise.all([import('dayjs'), import('dayjs/locale/zh-cn')]).then(([{ default: dayjs }]) =>
      dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn'),
    );
    document.documentElement.lang = language;
    return () => {
      chosen = false;
    };
  }, [language]);
  return antdLocale;
}

export function App() {
  const size = useSettings((s) => s.size);
  const language = useSettings((s) => s.language);
  const theme = useSettings((s) => s.theme);
  const locale = useLanguageSync(language);
  const { t } = useTranslation();
  // antd's default for a pattern rule without a message prints the regular expression: every form
  // falls back to a human text instead (rules should carry their own message; this is the net).
  const form = useMemo(
    // biome-ignore lint/suspicious/noTemplateCurlyInString: antd fills in `${label}` itself
    () => ({ validateMessages: { pattern: { mismatch: t('validate.pattern', { label: '${label}' }) } } }),
    [t],
  );

  // Toasts use antd's static holder (lib/toast.ts): give it the same theme and locale.
  useEffect(() => {
    ConfigProvider.config({
      holderRender: (children: ReactNode) => (
        <ConfigProvider locale={locale} theme={themeConfig(size, theme)}>
          {children}
        </ConfigProvider>
      ),
    });
  }, [locale, size, theme]);

  // The same element every render: a new language or size reaches the pages through the contexts
  // (i18next's, antd's), not by rendering the whole console again from here.
  const tree = useMemo(
    () => (
      <BrowserRouter>
        <RouteProgress />
        <AppRoutes />
        <CodeDialogHost />
      </BrowserRouter>
    ),
    [],
  );

  return (
    <ConfigProvider
      locale={locale}
      form={form}
      componentSize={componentSize(size)}
      theme={themeConfig(size, theme)}
    >
      {tree}
    </ConfigProvider>
  );
}
