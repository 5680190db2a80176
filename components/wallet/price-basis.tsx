import { useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/format';
import type { BalanceBuys } from '@/shared/contracts/wallet-dashboard';

/** The price a "buys N SMS" figure used, in a few words: for a stat's note. */
export function BasisShort({ buys }: { buys: BalanceBuys }) {
  const t = useTranslations('wallet.basis.short');
  return buys.basis === 'networks_average' ? t('average', { networks: buys.networks }) : t('default');
}

/**
 * What "your balance buys N SMS" means, said the same way on the Overview, the Wallet and the Calculator: which
 * price it counted with, and why a real send differs from it and from the default price (D2, D13).
 */
export function PriceBasis({ buys, balance, defaultPrice, currency }: { buys: BalanceBuys; balance: number; defaultPrice: number; currency: string }) {
  const t = useTranslations('wallet.basis');
  const f = useFormat();
  const money = (n: number) => f.money(n, currency);
  if (buys.basis === 'default_price') {
    return (
      <p className="text-sm text-slate-700" data-testid="price-basis">
        {t('default', { balance: money(balance), sms: f.number(buys.sms), price: money(buys.price) })}
      </p>
    );
  }
  const range = buys.lowest === buys.highest ? money(buys.lowest!) : t('range', { lowest: money(buys.lowest!), highest: money(buys.highest!) });
  return (
    <p className="text-sm text-slate-700" data-testid="price-basis">
      {t('average', {
        balance: money(balance),
        sms: f.number(buys.sms),
        price: money(buys.price),
        networks: buys.networks,
        source: t(`source.${buys.source}`),
        range,
        defaultPrice: money(defaultPrice),
      })}
    </p>
  );
}
