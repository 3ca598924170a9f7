/** Exchange-rate ticker: the latest rates, refreshed every 60 s, one shown at a time for 2 s (spec §9). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExchangeRates } from '../../lib/queries.ts';

export function HeaderTicker() {
  const { t } = useTranslation();
  const { data: rates = [] } = useExchangeRates();
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (rates.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % rates.length), 2000);
    return () => clearInterval(timer);
  }, [rates.length]);

  const rate = rates[index % Math.max(rates.length, 1)];
  if (!rate) return null;
  return (
    <span className="header-ticker" data-testid="rate-ticker">
      {t('header.rates')}: {rate.currency}/{rate.exchangeCurrency}{' '}
      {rate.type === 'BUY' ? t('header.buy') : t('header.sell')} <b>{rate.exchangeRate}</b>
    </span>
  );
}
