import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { Role } from '@/db/schema';
import { NavLink } from './nav-link';
import { SignOutButton } from './sign-out-button';

export type NavItem = { href: string; label: string; exact?: boolean };
export type OrganizationChoice = { current: string; list: Array<{ id: string; name: string; role: Role }> };

/** The signed-in frame: navigation (a row on phones, a column on laptops), who is signed in, sign out. */
export function AppShell({
  nav,
  title,
  subtitle,
  organizations,
  children,
}: {
  nav: NavItem[];
  title: string;
  subtitle: string;
  /** For a member of several organizations: which one to show (a plain POST form, no JavaScript needed). */
  organizations?: OrganizationChoice;
  children: ReactNode;
}) {
  const t = useTranslations();
  return (
    <div className="min-h-screen md:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        {t('shell.skipToContent')}
      </a>
      <aside className="border-b border-slate-200 bg-slate-100 p-4 md:min-h-screen md:w-60 md:border-b-0 md:border-r">
        <Link href="/dashboard" className="block text-lg font-semibold">
          {t('shell.brand')}
        </Link>
        <p className="mt-1 truncate text-sm text-slate-700" title={title}>
          {title}
        </p>
        <p className="truncate text-xs text-slate-600" title={subtitle}>{subtitle}</p>
        {organizations && (
          <form method="post" action="/api/dashboard/organization" className="mt-2 flex gap-1" aria-label={t('shell.switchOrganization')}>
            <label htmlFor="org-switch" className="sr-only">
              {t('shell.organization')}
            </label>
            <select id="org-switch" name="organizationId" defaultValue={organizations.current} className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs">
              {organizations.list.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name} ({t(`roles.${o.role}`)})
                </option>
              ))}
            </select>
            <button type="submit" className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs text-slate-800 hover:bg-slate-50">
              {t('shell.switch')}
            </button>
          </form>
        )}
        <nav aria-label={t('shell.mainNav')} className="mt-4">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {nav.map((n) => (
              <li key={n.href}>
                <NavLink href={n.href} exact={n.exact}>
                  {n.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6">
          <SignOutButton />
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 p-4 md:p-8">
        {children}
      </main>
    </div>
  );
}
