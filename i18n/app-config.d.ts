import type en from '@/messages/en';
import type { Locale } from '@/shared/i18n/locales';

/** next-intl checks every key a component asks for against the English catalogue (the French one has the same keys). */
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
