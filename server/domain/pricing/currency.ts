const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', CDF: 'FC', XAF: 'FCFA', XOF: 'CFA', KES: 'KSh', NGN: '₦', ZAR: 'R', RWF: 'FRw', UGX: 'USh', TZS: 'TSh' };

/** Display symbol of an ISO 4217 currency; falls back to Intl, then to the code itself. */
export function currencySymbol(code: string): string {
  if (SYMBOLS[code]) return SYMBOLS[code];
  try {
    const part = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? code;
  } catch {
    return code;
  }
}

export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return false;
  }
}
