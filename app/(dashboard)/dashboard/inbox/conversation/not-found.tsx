import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { EmptyState, PageHeader } from '@/components/ui/card';

export default function ConversationNotFound() {
  const t = useTranslations('inbox.conversation');
  return (
    <>
      <PageHeader title={t('notFoundTitle')} />
      <EmptyState>
        {t.rich('notFound', {
          link: (c) => (
            <Link href="/dashboard/inbox" className="text-blue-700 underline">
              {c}
            </Link>
          ),
        })}
      </EmptyState>
    </>
  );
}
