import Link from 'next/link';
import { EmptyState, PageHeader } from '@/components/ui/card';

export default function ConversationNotFound() {
  return (
    <>
      <PageHeader title="Conversation not found" />
      <EmptyState>
        No phone has sent your organization an SMS with this number.{' '}
        <Link href="/dashboard/inbox" className="text-blue-700 underline">
          Back to the Inbox
        </Link>
      </EmptyState>
    </>
  );
}
