import { readFileSync } from 'node:fs';
import path from 'node:path';
import { headers } from 'next/headers';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { getOpenApiDocument } from '@/server/api/rest/openapi';
import { env } from '@/server/env';
import { renderInline, renderMarkdown, type MarkdownClasses } from '@/server/lib/markdown';

export async function generateMetadata() {
  return { title: (await getTranslations('docsPage'))('metaTitle') };
}

type Op = { summary?: string; description?: string; responses?: Record<string, { description?: string }> };

/** The reference merchants read, kept in the repository (docs/api.md) and checked against the code by server/lib/api-docs.test.ts. */
const API_DOC = path.join(process.cwd(), 'docs', 'api.md');

const PROSE: MarkdownClasses = {
  h1: 'text-3xl font-semibold',
  h2: 'mt-12 scroll-mt-6 border-b border-slate-200 pb-1 text-2xl font-semibold',
  h3: 'mt-8 scroll-mt-6 text-xl font-semibold',
  h4: 'mt-6 scroll-mt-6 font-semibold',
  p: 'mt-3 text-slate-700',
  ul: 'mt-3 list-disc space-y-1 pl-6 text-slate-700',
  ol: 'mt-3 list-decimal space-y-1 pl-6 text-slate-700',
  code: 'rounded bg-slate-200 px-1 text-sm',
  pre: 'mt-3 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100',
  a: 'text-blue-700 underline',
  tableWrap: 'mt-3 overflow-x-auto',
  table: 'w-full text-left text-sm',
  th: 'border-b py-1 pr-4 align-bottom font-semibold',
  td: 'border-b border-slate-100 py-1 pr-4 align-top text-slate-700',
  blockquote: 'mt-3 border-l-4 border-slate-300 pl-4',
  hr: 'my-8 border-slate-200',
};
const INLINE: MarkdownClasses = { code: PROSE.code, a: PROSE.a };

/** The address docs/api.md's examples name; the page shows the one its reader reached it at instead. */
const PLACEHOLDER_ORIGIN = 'https://gateway.example.com';
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const REST_BASE = '/api/v1/svc/sms-api';
/** The OpenAPI document's file name, linked as it is. */
const OPENAPI_FILE = 'openapi.json';

/**
 * This deployment's origin as the reader reached it: the Host header (X-Forwarded-Host and -Proto when a trusted
 * proxy, TRUST_PROXY=on, sets them). A host that is not a plain name or address keeps the placeholder.
 */
async function runningOrigin(): Promise<string> {
  const h = await headers();
  const trusted = env().TRUST_PROXY === 'on';
  const first = (name: string) => h.get(name)?.split(',')[0]?.trim() || null;
  const host = (trusted && first('x-forwarded-host')) || first('host');
  const proto = trusted && first('x-forwarded-proto') === 'https' ? 'https' : 'http';
  return host && HOST.test(host) ? `${proto}://${host}` : PLACEHOLDER_ORIGIN;
}

/**
 * /docs: docs/api.md rendered to HTML on each request, its examples on the
 * address this deployment was reached at, then the endpoint list generated
 * from the OpenAPI document the API serves, so statuses and error texts there
 * cannot drift. A link leads back to the dashboard. The page's own texts follow the reader's language; the reference
 * itself is English, marked `lang="en"` (D23: the API contract stays English).
 */
export default async function DocsPage() {
  const origin = await runningOrigin();
  const { html, headings } = renderMarkdown(readFileSync(API_DOC, 'utf8').replaceAll(PLACEHOLDER_ORIGIN, origin), PROSE);
  const contents = headings.filter((h) => h.level === 2);
  const t = await getTranslations('docsPage');
  const locale = await getLocale();
  // Shell lines to copy (code, not prose): only the comment is in the reader's language.
  const shellSetup = `API=${origin}${REST_BASE}\nKEY=sk_test_...   # ${t('keyComment')}`;

  const doc = getOpenApiDocument();
  const ops: Array<{ method: string; path: string; op: Op }> = [];
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Op>)) ops.push({ method: method.toUpperCase(), path: p, op });
  }

  return (
    <main className="mx-auto max-w-6xl px-6 py-12 lg:grid lg:grid-cols-[13rem_1fr] lg:gap-10">
      <p className="mb-6 text-sm lg:col-span-2">
        <Link className="text-blue-700 underline" href="/dashboard">
          {t('back')}
        </Link>
      </p>
      <nav aria-label={t('contents')} className="mb-8 text-sm lg:sticky lg:top-6 lg:mb-0 lg:self-start">
        <p className="font-semibold">{t('contents')}</p>
        <ul className="mt-2 space-y-1" lang="en">
          {contents.map((h) => (
            <li key={h.id}>
              <a className="text-blue-700 hover:underline" href={`#${h.id}`}>
                {h.text}
              </a>
            </li>
          ))}
          <li>
            <a className="text-blue-700 hover:underline" href="#generated-endpoints" lang={locale}>
              {t('generated')}
            </a>
          </li>
          <li>
            <a className="text-blue-700 hover:underline" href={`${REST_BASE}/${OPENAPI_FILE}`}>
              {OPENAPI_FILE}
            </a>
          </li>
        </ul>
      </nav>

      <div className="min-w-0">
        <section aria-label={t('deployment')} className="mb-8 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-slate-800">
          <p>{t.rich('answersAt', { origin, code: (c) => <code className={PROSE.code}>{c}</code> })}</p>
          <pre className={PROSE.pre}>{shellSetup}</pre>
          {locale !== 'en' && <p className="mt-3">{t('englishNote')}</p>}
        </section>
        <article lang="en" dangerouslySetInnerHTML={{ __html: html }} />

        <h2 id="generated-endpoints" className="mt-12 scroll-mt-6 border-b border-slate-200 pb-1 text-2xl font-semibold">
          {t('generated')}
        </h2>
        <p className="mt-3 text-slate-700">
          {t.rich('generatedFrom', {
            link: (c) => (
              <a className="text-blue-700 underline" href={`${REST_BASE}/${OPENAPI_FILE}`}>
                {c}
              </a>
            ),
          })}
        </p>
        <ul className="mt-4 space-y-6" lang="en">
          {ops.map(({ method, path: p, op }) => (
            <li key={method + p} className="rounded-lg border border-slate-200 bg-white p-4">
              <p className="font-mono text-sm">
                <span className="mr-2 rounded bg-slate-800 px-2 py-0.5 text-white">{method}</span>
                {p}
              </p>
              {op.summary && <p className="mt-2 font-medium" dangerouslySetInnerHTML={{ __html: renderInline(op.summary, INLINE) }} />}
              {op.description && (
                <p className="mt-1 text-sm text-slate-700" dangerouslySetInnerHTML={{ __html: renderInline(op.description, INLINE) }} />
              )}
              <dl className="mt-3 grid grid-cols-[4rem_1fr] gap-x-3 gap-y-1 text-sm">
                {Object.entries(op.responses ?? {}).map(([status, r]) => (
                  <div key={status} className="contents">
                    <dt className="font-mono">{status}</dt>
                    <dd className="text-slate-700" dangerouslySetInnerHTML={{ __html: renderInline(r.description ?? '', INLINE) }} />
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
