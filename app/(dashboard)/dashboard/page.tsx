import Link from 'next/link';
import { serverCaller } from '@/server/api/server-caller';
import { PageHeader } from '@/components/ui/card';
import { LiveOverview } from '@/components/overview/live-overview';

export const metadata = { title: 'Overview · SMS Gateway' };

export default async function OverviewPage() {
  const { api } = await serverCaller();
  const o = await api.messages.overview();
  return (
    <>
      <PageHeader
        title="Overview"
        description={o.has_sends ? `Your sends and spend, day by day in ${o.timezone}.` : 'Your sandbox is ready. Four steps to your first delivered message.'}
        actions={
          <Link href="/dashboard/compose" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
            Compose a message
          </Link>
        }
      />
      <LiveOverview initial={o} />
    </>
  );
}
