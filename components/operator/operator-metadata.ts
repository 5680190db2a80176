import { getTranslations } from 'next-intl/server';
import type { PageKey } from '@/components/ui/page-error';

/** An operator console page's title in the page's language (`Connecteurs · Console d'exploitation`). */
export async function operatorMetadata(page: PageKey) {
  const t = await getTranslations();
  return { title: t('operator.metaTitle', { page: t(`pages.${page}`) }) };
}
