import { formatMoney, formatNumber } from '@/components/ui/format';
import type { BalanceBuys } from '@/server/contracts/wallet-dashboard';

const SOURCES = { organization: 'your own price list', platform: 'the platform price list', none: 'no price list' } as const;

/** The price a "buys N SMS" figure used, in a few words: for a stat's note. */
export function basisShort(buys: BalanceBuys): string {
  return buys.basis === 'networks_average'
    ? `Average of your ${buys.networks} network prices, as the Calculator uses`
    : 'Default price: no network prices are configured';
}

/**
 * What "your balance buys N SMS" means, said the same way on the Overview, the Wallet and the Calculator: which
 * price it counted with, and why a real send differs from it and from the default price (D2, D13).
 */
export function PriceBasis({ buys, balance, defaultPrice, currency }: { buys: BalanceBuys; balance: number; defaultPrice: number; currency: string }) {
  const money = (n: number) => formatMoney(n, currency);
  if (buys.basis === 'default_price') {
    return (
      <p className="text-sm text-slate-700" data-testid="price-basis">
        {money(balance)} buys {formatNumber(buys.sms)} SMS at the default price, {money(buys.price)} a segment: no network prices are
        configured, so every number pays it.
      </p>
    );
  }
  const range = buys.lowest === buys.highest ? money(buys.lowest!) : `${money(buys.lowest!)} to ${money(buys.highest!)}`;
  return (
    <p className="text-sm text-slate-700" data-testid="price-basis">
      {money(balance)} buys {formatNumber(buys.sms)} SMS at {money(buys.price)} a segment, the average of the {buys.networks} network
      prices of {SOURCES[buys.source]}, as the Calculator counts. A send charges each number its own network’s price ({range} a
      segment); the default price, {money(defaultPrice)}, is only for numbers on none of these networks.
    </p>
  );
}
