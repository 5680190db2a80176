'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import type { ComposeOptions } from '@/shared/contracts/compose';
import type { RecipientEntry } from '@/shared/messages/compose/parse-recipients';
import { composePreview, skipOptedOut, type ComposeSchedule } from '@/shared/messages/compose/preview';
import { analyzeMessage } from '@/shared/messages/segments';
import { smartEncode, type SmartEncodingMode } from '@/shared/messages/smart-encoding';
import { useTRPCClient } from '@/components/providers';

/**
 * What the send will be and cost (D19, D21): the preview with the chosen smart encoding, the same send with the other
 * choice (for the offer "Replace accents: 4 -> 2 segments per recipient"), and the message box's live analysis.
 */
export function useComposePreview(input: { entries: RecipientEntry[]; message: string; schedule: ComposeSchedule; smartEncoding: SmartEncodingMode; options: ComposeOptions }) {
  const { message, smartEncoding, options } = input;
  const otherMode = smartEncoding === 'off' ? 'transliterate' : 'off';
  // The preview trails fast typing a little (deferred) so the box stays responsive with 1000 numbers.
  const entries = useDeferredValue(input.entries);
  const deferredMessage = useDeferredValue(message);
  const schedule = useDeferredValue(input.schedule);
  const org = useMemo(
    () => ({ timezone: options.timezone, defaultCountry: options.default_country, defaultPrice: options.default_price, rows: options.pricing_rows }),
    [options],
  );
  const base = useMemo(
    () => composePreview({ message: deferredMessage, entries, schedule, org, now: new Date(), smartEncoding }),
    [deferredMessage, entries, schedule, org, smartEncoding],
  );
  const { optedOut, unroutable } = useNotSent(base.recipients.valid);
  const preview = useMemo(() => skipOptedOut(base, optedOut, org, unroutable), [base, optedOut, org, unroutable]);
  const other = useMemo(
    () => skipOptedOut(composePreview({ message: deferredMessage, entries, schedule, org, now: new Date(), smartEncoding: otherMode }), optedOut, org, unroutable),
    [deferredMessage, entries, schedule, org, otherMode, optedOut, unroutable],
  );
  const liveAnalysis = useMemo(() => analyzeMessage(smartEncode(message, smartEncoding).text), [message, smartEncoding]);
  return { preview, other, otherMode, liveAnalysis } as const;
}

type NotSent = { optedOut: ReadonlySet<string>; unroutable: ReadonlySet<string> };
const NONE: NotSent = { optedOut: new Set(), unroutable: new Set() };
/** (one function for every render: react-query re-selects only when the answer changes) */
const toSets = (r: { opted_out: string[]; unroutable: string[] }): NotSent => ({ optedOut: new Set(r.opted_out), unroutable: new Set(r.unroutable) });

/**
 * Which of the valid numbers the send will not send to, asked of the server as the numbers change (the send reads the
 * same): those on the organization's opt-out list (D19) and (live) those no carrier route takes (D14). While the
 * answer is on its way the previous one stays; until the first, none.
 */
function useNotSent(valid: string[]): NotSent {
  const client = useTRPCClient();
  const phones = useMemo(() => [...new Set(valid)].sort(), [valid]);
  const checked = useQuery({
    queryKey: ['optOuts.check', phones],
    queryFn: () => client.optOuts.check.mutate({ phones }),
    enabled: phones.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    select: toSets,
  });
  return phones.length && checked.data ? checked.data : NONE;
}
