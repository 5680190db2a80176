import { useTranslations } from 'next-intl';
import type { NumberItem } from '@/shared/contracts/numbers';

/** One app's inbound numbers (D18), read only: operators assign them. */
export function AppNumbers({ appName, numbers }: { appName: string; numbers: NumberItem[] }) {
  const t = useTranslations('keys.numbers');
  /** What an address receives (D18): a short code alone takes every message no keyword of it claims. */
  const describe = (n: NumberItem) => (n.keyword !== null ? t('keyword', { keyword: n.keyword }) : n.number.length <= 7 ? t('shortCode') : t('dedicated'));
  if (numbers.length === 0) {
    return <p className="text-sm text-slate-700">{t('none')}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label={t('label', { appName })}>
      {numbers.map((n) => (
        <li key={`${n.number} ${n.keyword ?? ''}`} className="flex flex-wrap gap-x-4 py-1">
          <span className="font-mono">{n.number}</span>
          {n.keyword !== null && <span className="font-mono font-semibold">{n.keyword}</span>}
          <span className="text-slate-600">{describe(n)}</span>
        </li>
      ))}
    </ul>
  );
}
