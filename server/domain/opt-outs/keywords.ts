import { foldWholeText, splitFirstWord } from '@/server/domain/numbers/keyword';

/** What a D19 keyword asks for: opt out, opt back in, or help (the values of sms.received's `opt_out`). */
export type OptOutKeyword = 'stop' | 'start' | 'help';

/** D19's keywords in their folded form (upper case, no accents), by what they ask for. */
export const OPT_OUT_KEYWORDS: Record<OptOutKeyword, readonly string[]> = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'ARRET', 'ARRETER', 'DESABONNER'],
  start: ['START', 'UNSTOP', 'YES', 'OUI'],
  help: ['HELP', 'INFO', 'AIDE'],
};

const KIND_OF = new Map<string, OptOutKeyword>(
  (Object.entries(OPT_OUT_KEYWORDS) as Array<[OptOutKeyword, readonly string[]]>).flatMap(([kind, words]) => words.map((w) => [w, kind] as const)),
);

/** D23: the keywords answered in French (folded); every other keyword is answered in English. */
const FRENCH_KEYWORDS = new Set(['ARRET', 'ARRETER', 'DESABONNER', 'OUI', 'AIDE']);

/** A keyword MO: what it asks for, and the language its reply speaks (D23). */
export type KeywordMatch = { kind: OptOutKeyword; language: 'en' | 'fr' };

/**
 * The D19 keyword an MO's whole text is, with its language (D23), or null; see matchOptOutKeyword.
 */
export function matchKeyword(text: string, routedByKeyword: boolean): KeywordMatch | null {
  const body = routedByKeyword ? splitFirstWord(text).rest : text;
  const folded = foldWholeText(body);
  const kind = KIND_OF.get(folded);
  return kind ? { kind, language: FRENCH_KEYWORDS.has(folded) ? 'fr' : 'en' } : null;
}

/**
 * The D19 keyword an MO's whole text is, or null: the text after the shared short code's routing keyword when the MO
 * was routed by one (its first word, as routing took it: splitFirstWord), trimmed of spaces and edge punctuation,
 * case and accents folded (foldWholeText). `STOP PLEASE` is no keyword; neither is a routing keyword alone.
 */
export function matchOptOutKeyword(text: string, routedByKeyword: boolean): OptOutKeyword | null {
  return matchKeyword(text, routedByKeyword)?.kind ?? null;
}
