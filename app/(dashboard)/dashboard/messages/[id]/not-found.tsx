import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { EmptyState, PageHeader } from '@/components/ui/card';

export default function MessageNotFound() {
  const t = useTranslations('messages.detail');
  return (
    <>
      <PageHeader title={t('notFoundTitle')} />
      <EmptyState>
        {t.rich('notFound', {
          link: (c) => (
            <Link href="/dashboard/messages" className="text-blue-700 underline">
              {c}
            </Link>
          ),
        })}
      </EmptyState>
    </>
  );
}
