import type { NumberItem } from '@/server/contracts/numbers';

/** What an address receives (D18): a short code alone takes every message no keyword of it claims. */
function describe(n: NumberItem): string {
  if (n.keyword !== null) return `messages whose first word is ${n.keyword} (any case or accents)`;
  return n.number.length <= 7 ? 'every message no keyword of this short code claims' : 'every message (dedicated number)';
}

/** One app's inbound numbers (D18), read only: operators assign them. */
export function AppNumbers({ appName, numbers }: { appName: string; numbers: NumberItem[] }) {
  if (numbers.length === 0) {
    return <p className="text-sm text-slate-700">No numbers yet. Ask your operator for a dedicated number, or a short code with or without a keyword.</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label={`Numbers of ${appName}`}>
      {numbers.map((n) => (
        <li key={`${n.number} ${n.keyword ?? ''}`} className="flex flex-wrap gap-x-4 py-1">
          <span className="font-mono">{n.number}</span>
          {n.keyword !== null && <span className="font-mono font-semibold">{n.keyword}</span>}
          <span className="text-slate-600">{describe(n)}</span>
        </li>
      ))}
    </ul>
  );
}
