import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useFormat } from '@/components/ui/format';

/** Issue 44: on every dashboard page while what the organization can spend is below its alert threshold (Settings). */
export function LowBalanceBanner({ balance, threshold, currency }: { balance: number; threshold: number; currency: string }) {
  const t = useTranslations('shell.lowBalance');
  const f = useFormat();
  return (
    <div role="status" data-testid="low-balance-banner" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {t('text', { balance: f.money(balance, currency), threshold: f.money(threshold, currency) })}{' '}
      <Link href="/dashboard/wallet" className="font-semibold underline">
        {t('link')}
      </Link>
    </div>
  );
}
