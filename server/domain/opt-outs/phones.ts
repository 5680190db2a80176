import { normalizePhone } from '@/shared/messages/phone';
import { validationError } from '@/shared/errors/validation';

/**
 * D19 reads phones as POST /send reads recipients (D3): E.164 in the
 * organization's default country. Every bad entry is named (`phones[3]`),
 * as D3 names every bad `to` index.
 */
export function normalizeAll(raws: string[], defaultCountry: string, field: string): string[] {
  const out: string[] = [];
  const issues: Array<{ field: string; code: 'INVALID_FIELD_FORMAT'; message: string }> = [];
  raws.forEach((raw, i) => {
    const r = normalizePhone(raw, defaultCountry);
    if (r.ok) out.push(r.e164);
    else issues.push({ field: `${field}[${i}]`, code: 'INVALID_FIELD_FORMAT', message: `not a phone number: ${r.reason}` });
  });
  if (issues.length) throw validationError(issues);
  return out;
}

/** One phone, or null when it cannot be on any list (a lookup of it finds nothing). */
export function normalizeOne(raw: string, defaultCountry: string): string | null {
  const r = normalizePhone(raw, defaultCountry);
  return r.ok ? r.e164 : null;
}
