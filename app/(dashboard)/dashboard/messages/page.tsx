import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { TRPCError } from '@trpc/server';
import { serverCaller } from '@/server/api/server-caller';
import { ListMessagesInput, type MessagePage } from '@/shared/contracts/messages-dashboard';
import { ApiError } from '@/shared/errors/api-error';
import { Alert, EmptyState, PageHeader } from '@/components/ui/card';
import { fieldText, type FieldProblemTranslator } from '@/components/ui/field-texts';
import { MessagesFilters, type FilterValues } from '@/components/messages/messages-filters';
import { LiveMessages } from '@/components/messages/live-messages';

export async function generateMetadata() {
  return { title: (await getTranslations('messages'))('metaTitle') };
}

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

/** The filters' labels (`messages.filters.<label>`), by field. */
const FILTER_LABELS: Record<string, 'status' | 'type' | 'from' | 'to' | 'phone'> = { status: 'status', sending_type: 'type', from: 'from', to: 'to', phone: 'phone' };

/** The first field error of a failed list call (bad date range, too short a phone search, stale cursor). */
function problemOf(e: unknown): { field: string | null; message: string } | null {
  const cause = e instanceof TRPCError ? e.cause : null;
  if (cause instanceof ApiError) return { field: cause.options.errors?.[0]?.field ?? null, message: cause.options.errors?.[0]?.message ?? cause.message };
  return null;
}

export default async function MessagesPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const values: FilterValues = { status: one(sp.status), sending_type: one(sp.sending_type), from: one(sp.from), to: one(sp.to), phone: one(sp.phone) };
  const { api } = await serverCaller();
  const t = await getTranslations('messages');
  const tField = (await getTranslations('fieldProblems')) as FieldProblemTranslator;
  const locale = await getLocale();
  /** A filter's problem in the page's language (D23), named by the filter's label. */
  const say = (field: string, text: string) => {
    const label = FILTER_LABELS[field];
    return t('filterProblem', { field: label ? t(`filters.${label}`) : field, message: fieldText(tField, locale, text) });
  };
  const parsed = ListMessagesInput.safeParse({ ...values, cursor: one(sp.cursor), direction: one(sp.dir) === 'prev' ? 'prev' : 'next' });
  let page: MessagePage | null = null;
  let problem: { field: string | null; message: string } | null = null;
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    problem = { field: String(issue.path[0] ?? ''), message: say(String(issue.path[0] ?? 'filter'), issue.message) };
  } else {
    try {
      page = await api.messages.list(parsed.data);
    } catch (e) {
      problem = problemOf(e);
      if (!problem) throw e;
      problem = { ...problem, message: fieldText(tField, locale, problem.message) };
    }
  }
  const filtered = Object.values(values).some(Boolean);
  const filters = Object.fromEntries(Object.entries(values).filter((kv): kv is [string, string] => Boolean(kv[1])));

  const empty = (
    <EmptyState>
      {filtered
        ? t.rich('noMatch', {
            link: (c) => (
              <Link href="/dashboard/messages" className="text-blue-700 underline">
                {c}
              </Link>
            ),
          })
        : t.rich('none', {
            link: (c) => (
              <Link href="/dashboard/compose" className="text-blue-700 underline">
                {c}
              </Link>
            ),
          })}
    </EmptyState>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <div className="flex gap-2">
            {/* The export takes the filters shown (server/domain/messages/export-messages.ts). */}
            <a
              href={`/dashboard/messages/messages.csv${Object.keys(filters).length > 0 ? `?${new URLSearchParams(filters)}` : ''}`}
              download
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              {t('exportCsv')}
            </a>
            <Link href="/dashboard/compose" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
              {t('compose')}
            </Link>
          </div>
        }
      />
      <div className="space-y-4">
        <MessagesFilters values={values} errorField={problem?.field} />
        {problem && <Alert>{problem.message}</Alert>}
        {/* Rendered when empty too: the first page follows new sends (components/messages/refresh.ts followEvery). */}
        {page && parsed.success && <LiveMessages input={parsed.data} initial={page} filters={filters} empty={parsed.data.cursor ? undefined : empty} />}
      </div>
    </>
  );
}
