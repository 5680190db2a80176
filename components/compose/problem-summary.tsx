import type { ComposeErrors } from '@/shared/messages/compose/send-request';
import { Alert } from '@/components/ui/card';
import { formatNumber } from '@/components/ui/format';

/** The parts of the form in the order it shows them: their anchor, their name, and which error keys are theirs. */
const PARTS: Array<{ anchor: string; label: string; owns: (key: string) => boolean }> = [
  { anchor: 'app', label: 'Send as', owns: (k) => k === 'app' },
  { anchor: 'recipients', label: 'Recipients', owns: (k) => k === 'recipients' },
  { anchor: 'message', label: 'Message', owns: (k) => k === 'message' },
  { anchor: 'sender', label: 'Sender ID', owns: (k) => k === 'sender_id' },
  { anchor: 'schedule', label: 'When', owns: (k) => k === 'schedule' || k.startsWith('scheduled_dates') || k.startsWith('recurring') },
  { anchor: 'advanced', label: 'Callback URL', owns: (k) => k === 'callback_url' },
];
/** Messages listed per part; a part with more (a paste of many bad lines) says how many more its field shows. */
const LISTED = 3;

/** Every problem the form shows at its fields, grouped by part (`form`, the errors of no field, is said apart). */
export function problemsByPart(errors: ComposeErrors): Array<{ anchor: string; label: string; messages: string[] }> {
  return PARTS.map((p) => ({
    anchor: p.anchor,
    label: p.label,
    messages: Object.entries(errors).flatMap(([key, list]) => (key !== 'form' && p.owns(key) ? list : [])),
  })).filter((p) => p.messages.length > 0);
}

/** The summary above the form: how many problems stop the send, and each of them, linked to its part of the form. */
export function ProblemSummary({ errors }: { errors: ComposeErrors }) {
  const parts = problemsByPart(errors);
  const count = parts.reduce((n, p) => n + p.messages.length, 0);
  if (count === 0) return null;
  return (
    <Alert>
      <p className="font-medium">{count === 1 ? 'One problem stops this send:' : `${formatNumber(count)} problems stop this send:`}</p>
      <ul className="mt-1 list-disc pl-5">
        {parts.map((p) => (
          <li key={p.anchor}>
            <a href={`#${p.anchor}`} className="underline">
              {p.label}
            </a>
            {p.messages.length === 1 ? (
              `: ${p.messages[0]}`
            ) : (
              <ul className="list-[circle] pl-5">
                {p.messages.slice(0, LISTED).map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
                {p.messages.length > LISTED && <li>and {formatNumber(p.messages.length - LISTED)} more, listed at the field</li>}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
