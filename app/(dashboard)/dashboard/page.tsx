import Link from 'next/link';
import { Card, PageHeader } from '@/components/ui/card';

export const metadata = { title: 'Overview · SMS Gateway' };

export default function OverviewPage() {
  return (
    <>
      <PageHeader title="Overview" description="Your sandbox is ready. Four steps to your first delivered message." />
      <Card title="Getting started">
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>
            <Link className="text-blue-700 underline" href="/dashboard/keys">
              Create an API key
            </Link>{' '}
            and store it on your server.
          </li>
          <li>
            <Link className="text-blue-700 underline" href="/dashboard/wallet">
              Add test credit
            </Link>{' '}
            to your wallet.
          </li>
          <li>
            <Link className="text-blue-700 underline" href="/dashboard/compose">
              Send a test message
            </Link>{' '}
            and watch it deliver.
          </li>
          <li>
            Read the{' '}
            <Link className="text-blue-700 underline" href="/docs">
              API documentation
            </Link>
            .
          </li>
        </ol>
      </Card>
    </>
  );
}
