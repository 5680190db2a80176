import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { serverCaller } from '@/server/api/server-caller';
import { PageHeader } from '@/components/ui/card';
import { LiveOverview } from '@/components/overview/live-overview';
import { NetworkReportCard } from '@/components/overview/network-report';

export async function generateMetadata() {
  return { title: (await getTranslations('overview'))('metaTitle') };
}

export default async function OverviewPage() {
  const { api } = await serverCaller();
  const [o, networks] = await Promise.all([api.messages.overview(), api.messages.networkReport({ days: 30 })]);
  const t = await getTranslations('overview');
  return (
    <>
      <PageHeader
        title={t('title')}
        description={o.has_sends ? t('descriptionActive', { timezone: o.timezone }) : t('descriptionNew')}
        actions={
          <Link href="/dashboard/compose" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
            {t('compose')}
          </Link>
        }
      />
      <LiveOverview initial={o} />
      <div className="mt-6">
        <NetworkReportCard initial={networks} />
      </div>
    </>
  );
}
