import { getTranslations } from 'next-intl/server';
import { serverCaller } from '@/server/api/server-caller';
import { addDays, localDate } from '@/server/domain/overview/local-days';
import { PageHeader } from '@/components/ui/card';
import { ComposeForm } from '@/components/compose/compose-form';

export async function generateMetadata() {
  return { title: (await getTranslations('compose'))('metaTitle') };
}

export default async function ComposePage() {
  const { api } = await serverCaller();
  const options = await api.messages.composeOptions();
  const today = localDate(new Date(), options.timezone);
  const t = await getTranslations('compose');
  return (
    <>
      <PageHeader title={t('title')} description={t('description', { timezone: options.timezone })} />
      <ComposeForm options={options} today={today} tomorrow={addDays(today, 1)} />
    </>
  );
}
