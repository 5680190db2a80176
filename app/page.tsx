import Link from 'next/link';
import { useTranslations } from 'next-intl';

export default function Home() {
  const t = useTranslations('home');
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold">{t('title')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('intro')}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/sign-up" className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800">
          {t('signUp')}
        </Link>
        <Link href="/sign-in" className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-50">
          {t('signIn')}
        </Link>
      </div>
      <ul className="mt-8 space-y-2 text-blue-700 underline">
        <li>
          <Link href="/docs">{t('docs')}</Link>
        </li>
        <li>
          <a href="/api/v1/svc/sms-api/openapi.json">{t('openapi')}</a>
        </li>
        <li>
          <a href="/api/v1/svc/sms-api/health">{t('health')}</a>
        </li>
      </ul>
    </main>
  );
}
