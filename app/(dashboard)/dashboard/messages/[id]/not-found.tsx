import Link from 'next/link';
import { EmptyState, PageHeader } from '@/components/ui/card';

export default function MessageNotFound() {
  return (
    <>
      <PageHeader title="Message not found" />
      <EmptyState>
        No message of your organization has this id.{' '}
        <Link href="/dashboard/messages" className="text-blue-700 underline">
          Back to messages
        </Link>
      </EmptyState>
    </>
  );
}
