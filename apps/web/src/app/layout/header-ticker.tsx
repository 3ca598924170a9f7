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
  // The ticker is the header's free space (app.css): it shows the whole rate where it fits, else none.
  if (!rate) return <span className="header-ticker header-fits" />;
  const side = rate.type === 'BUY' ? t('header.buy') : t('header.sell');
  const pair = `${rate.currency}/${rate.exchangeCurrency}`;
  return (
    <span
      className="header-ticker header-fits"
      data-testid="rate-ticker"
      title={`${t('header.rates')}: ${pair} ${side} ${rate.exchangeRate}`}
    >
      <span className="header-ticker-rate">
        {t('header.rates')}: {pair} {side} <b>{rate.exchangeRate}</b>
      </span>
    </span>
  );
}
