'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/api/root';
import { TRPC_MAX_BATCH, TRPC_MAX_URL_LENGTH } from '@/shared/trpc-limits';
import { fieldText, type FieldProblemTranslator } from './ui/field-texts';
import { localizeErrors, type ErrorTranslator, type FieldTranslator } from './ui/localize-errors';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function Providers({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const t = useTranslations();
  const translate = useRef<ErrorTranslator>(() => null);
  // English pages show the server's text as it is (a thrower's specific text included); others the catalogue name's translation.
  translate.current = (name, { requestId }) => {
    const key = `errors.${name}` as Parameters<typeof t>[0];
    if (locale === 'en' || !t.has(key)) return null;
    return requestId ? `${t(key)} ${t('errorReference', { requestId })}` : t(key);
  };
  const tField = useTranslations('fieldProblems');
  const translateField = useRef<FieldTranslator>((text) => text);
  translateField.current = (text) => fieldText(tField as FieldProblemTranslator, locale, text);
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } }));
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        localizeErrors<AppRouter>(() => translate.current, () => translateField.current),
        // The server refuses bigger batches (shared/trpc-limits.ts): split them here.
        httpBatchLink({ url: '/api/trpc', maxItems: TRPC_MAX_BATCH, maxURLLength: TRPC_MAX_URL_LENGTH }),
      ],
    }),
  );
  return (
    // No next-auth SessionProvider: pages get the user on the server, and signIn/signOut do not need it
    // (its client-side session fetch re-rendered pages while their streamed content was arriving).
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
