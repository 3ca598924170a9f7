/**
 * Providers: antd configuration from the settings (size, theme, locale), the router,
 * and the dialogs any request may open. Language changes reach i18next, antd and dayjs together.
 */
import type { Locale } from '@payops/contracts/api';
import ConfigProvider from 'antd/es/config-provider';
import { type ReactNode, startTransition, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { cachedAntdLocale, loadAntdLocale } from '../lib/antd-locale.ts';
import { i18n, loadLanguage } from '../lib/i18n.ts';
import { useSettings } from '../lib/settings-store.ts';
import { AppRoutes } from './app-routes.tsx';
import { CodeDialogHost } from './dialogs/code-dialog-host.tsx';
import { RouteProgress } from './route-progress.tsx';
import { componentSize, themeConfig } from './theme.ts';

/**
 * A view of the one i18next instance: the same messages and language, a new object. Given to the
 * components through I18nextProvider, a new view makes every useTranslation render again (the
 * context changed) in the update that gave it, as i18next's own event cannot (lib/i18n.ts).
 */
const textsView = () => new Proxy(i18n, {});

/**
 * The chosen language applied to i18next, antd and dayjs once its texts are loaded. Every text of
 * the console renders anew: as a transition, which React renders in slices, so the click that
 * chose the language is answered at once (performance.md, INP <= 200 ms: rendered in one piece it
 * held the page 1.3 s). Kept pages hidden in their tabs render theirs when the browser is idle.
 */
function useLanguageSync(language: Locale) {
  const [antdLocale, setAntdLocale] = useState(() => cachedAntdLocale(language));
  const [texts, setTexts] = useState(textsView);
  useEffect(() => {
    let chosen = true;
    void Promise.all([loadLanguage(language), loadAntdLocale(language)]).then(([, loaded]) => {
      if (!chosen) return;
      startTransition(() => {
        // Synchronous with its texts loaded; a component rendered before the transition is done
        // may already show the new language, which is harmless.
        void i18n.changeLanguage(language);
        setTexts(textsView());
        setAntdLocale(loaded);
      });
    });
    // dayjs only matters to pages with dates, which load it anyway; keep it out of the first download.
    void Promise.all([import('dayjs'), import('dayjs/locale/zh-cn')]).then(([{ default: dayjs }]) =>
      dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn'),
    );
    return () => {
      chosen = false;
    };
  }, [language]);
  // The page says its language once its texts are in it: when the transition has committed.
  useEffect(() => {
    document.documentElement.lang = texts.language;
  }, [texts]);
  return { antdLocale, texts };
}

export function App() {
  const size = useSettings((s) => s.size);
  const language = useSettings((s) => s.language);
  const theme = useSettings((s) => s.theme);
  const { antdLocale: locale, texts } = useLanguageSync(language);
  const { t } = useTranslation(undefined, { i18n: texts });
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
  // (the texts view's, antd's), not by rendering the whole console again from here.
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
      <I18nextProvider i18n={texts}>{tree}</I18nextProvider>
    </ConfigProvider>
  );
}
