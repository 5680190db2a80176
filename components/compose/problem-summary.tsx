'use client';

import { useTranslations } from 'next-intl';
import type { ComposeErrors } from '@/shared/messages/compose/send-request';
import { Alert } from '@/components/ui/card';

/** The parts of the form in the order it shows them: their anchor (and catalogue key), and which error keys are theirs. */
const PARTS: Array<{ anchor: 'app' | 'recipients' | 'message' | 'sender' | 'schedule' | 'advanced'; owns: (key: string) => boolean }> = [
  { anchor: 'app', owns: (k) => k === 'app' },
  { anchor: 'recipients', owns: (k) => k === 'recipients' },
  { anchor: 'message', owns: (k) => k === 'message' },
  { anchor: 'sender', owns: (k) => k === 'sender_id' },
  { anchor: 'schedule', owns: (k) => k === 'schedule' || k.startsWith('scheduled_dates') || k.startsWith('recurring') },
  { anchor: 'advanced', owns: (k) => k === 'callback_url' },
];
/** Messages listed per part; a part with more (a paste of many bad lines) says how many more its field shows. */
const LISTED = 3;

/** Every problem the form shows at its fields, grouped by part (`form`, the errors of no field, is said apart). */
export function problemsByPart(errors: ComposeErrors): Array<{ anchor: (typeof PARTS)[number]['anchor']; messages: string[] }> {
  return PARTS.map((p) => ({
    anchor: p.anchor,
    messages: Object.entries(errors).flatMap(([key, list]) => (key !== 'form' && p.owns(key) ? list : [])),
  })).filter((p) => p.messages.length > 0);
}

/** The summary above the form: how many problems stop the send, and each of them, linked to its part of the form. */
export function ProblemSummary({ errors }: { errors: ComposeErrors }) {
  const t = useTranslations('compose.summary');
  const parts = problemsByPart(errors);
  const count = parts.reduce((n, p) => n + p.messages.length, 0);
  if (count === 0) return null;
  return (
    <Alert>
      <p className="font-medium">{t('count', { count })}</p>
      <ul className="mt-1 list-disc pl-5">
        {parts.map((p) => (
          <li key={p.anchor}>
            <a href={`#${p.anchor}`} className="underline">
              {t(`parts.${p.anchor}`)}
            </a>
            {p.messages.length === 1 ? (
              t('partMessage', { message: p.messages[0] })
            ) : (
              <ul className="list-[circle] pl-5">
                {p.messages.slice(0, LISTED).map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
                {p.messages.length > LISTED && <li>{t('more', { count: p.messages.length - LISTED })}</li>}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
