'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { ProblemLabels } from '@/shared/messages/compose/send-request';

/** composeErrors' names of an entry and a time, in the page's language (D23). */
export function useProblemLabels(): ProblemLabels {
  const t = useTranslations('compose.labels');
  return useMemo(
    () => ({
      entry: (e) => t('entryValue', { label: t('entry', { source: e.source, line: String(e.line) }), value: e.value }),
      recipient: (n) => t('recipient', { n }),
      time: (n, value) => (value === undefined ? t('time', { n }) : t('timeValue', { n, value })),
      withMessage: (label, message) => t('withMessage', { label, message }),
    }),
    [t],
  );
}
