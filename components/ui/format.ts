/**
 * Display formatting shared by server and client components. Dates are always
 * shown in an explicit zone (the organization's), so the server's and the
 * browser's renderings agree.
 */
export function formatMoney(amount: number, currency: string, opts: { exact?: boolean } = {}): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: opts.exact === false ? 2 : 4,
    }).format(amount);
  } catch {
    return `${amount.toFixed(4)} ${currency}`;
  }
}

export function formatNumber(n: number): string {
  return new Intl.NumberFormat('en-US').format(n);
}

export function formatDateTime(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}
