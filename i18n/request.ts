import 'server-only';
import { headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { currentUser } from '@/server/auth/options';
import { localeFromAcceptLanguage, type Locale } from '@/shared/i18n/locales';
import en from '@/messages/en';
import fr from '@/messages/fr';

const CATALOGUES = { en, fr } satisfies Record<Locale, typeof en>;

/**
 * next-intl's request configuration, without locale routing (D23): the signed-in user's chosen language, else the
 * browser's Accept-Language. Dates are always formatted in an explicit zone (the organization's, components/ui/format.ts),
 * so the zone here only keeps next-intl from guessing one.
 */
export default getRequestConfig(async () => {
  const user = await currentUser().catch(() => null);
  const locale: Locale = user?.locale ?? localeFromAcceptLanguage((await headers()).get('accept-language'));
  return { locale, messages: CATALOGUES[locale], timeZone: 'UTC' };
});
