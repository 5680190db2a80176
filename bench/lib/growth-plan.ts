/**
 * The shape of the growth bench's history (bench/lib/growth-fill.ts), as numbers only: how many sends of each kind,
 * how the recipients are numbered across them, the phone pool and the chunks. Pure, so that a unit test can pin it.
 *
 * Half the recipients are single-recipient sends (codes, alerts: an API gateway's bulk of messages), half are
 * sends of BULK_SIZE recipients (campaigns), interleaved evenly over the 13 months. Message n is a bulk send when
 * floor((n + 1) * bulks / messages) > floor(n * bulks / messages); its first recipient is n + (bulks before n) x
 * (BULK_SIZE - 1), so every recipient index 0..rows-1 belongs to exactly one send.
 */
export const BULK_SIZE = 500;
export const ORGANIZATIONS = 200;
/** The heavy merchant's share of the sends (and so, on average, of the recipients and their rows). */
export const HEAVY_PERMILLE = 300;
export const MONTHS = 13;
/** Recipients per chunk: each table's statement inserts about this many rows (events: three times as many). */
export const CHUNK_ROWS = 1_000_000;
/** DRC mobile prefixes after +243 (Vodacom 81-83, Orange 84, 85, 89, Africell 90, Airtel 97-99). */
export const DRC_MOBILE_PREFIXES = ['81', '82', '83', '84', '85', '89', '90', '97', '98', '99'] as const;

export type GrowthPlan = {
  rows: number;
  bulks: number;
  singles: number;
  messages: number;
  /** Distinct phones the recipients are drawn from (a popular few repeat across sends and organizations). */
  phonePool: number;
  /** MO stored: one for every 100 recipients. */
  inbound: number;
  /** Message numbers [from, to) of each chunk. */
  chunks: Array<{ from: number; to: number }>;
};

export function growthPlan(rows: number): GrowthPlan {
  if (!Number.isInteger(rows) || rows < 1000) throw new Error(`--rows ${rows}: expected a whole number of at least 1,000 recipients`);
  const bulks = Math.floor(rows / 2 / BULK_SIZE);
  const singles = rows - bulks * BULK_SIZE;
  const messages = singles + bulks;
  const perChunk = Math.max(1, Math.ceil((messages * CHUNK_ROWS) / rows));
  const chunks: GrowthPlan['chunks'] = [];
  for (let from = 0; from < messages; from += perChunk) chunks.push({ from, to: Math.min(messages, from + perChunk) });
  return { rows, bulks, singles, messages, phonePool: Math.min(3_000_000, Math.max(10_000, Math.round(rows * 0.3))), inbound: Math.floor(rows / 100), chunks };
}

/** Bulk sends among messages [0, n): what the SQL computes as floor(n * bulks / messages). */
export function bulksBefore(plan: GrowthPlan, n: number): number {
  return Math.floor((n * plan.bulks) / plan.messages);
}

/** The first recipient index of message n and its number of recipients. */
export function recipientsOf(plan: GrowthPlan, n: number): { first: number; size: number } {
  const b = bulksBefore(plan, n);
  const size = bulksBefore(plan, n + 1) > b ? BULK_SIZE : 1;
  return { first: n + b * (BULK_SIZE - 1), size };
}

/**
 * Phone k of the pool: +243, a mobile prefix (k mod 10), then 7 digits that are a bijection of k div 10 (7919 is
 * prime to 10^7), so distinct k give distinct phones. growth-fill.ts writes the same formula in SQL (phoneSql).
 */
export function poolPhone(k: number): string {
  const prefix = DRC_MOBILE_PREFIXES[k % 10];
  const digits = (Math.floor(k / 10) * 7919 + 1_234_567) % 10_000_000;
  return `+243${prefix}${String(digits).padStart(7, '0')}`;
}
