import { describe, expect, it } from 'vitest';
import { matchKeyword, matchOptOutKeyword, OPT_OUT_KEYWORDS } from './keywords';

describe('D19 opt-out keywords', () => {
  it.each([
    ...OPT_OUT_KEYWORDS.stop.map((w) => [w, 'stop'] as const),
    ...OPT_OUT_KEYWORDS.start.map((w) => [w, 'start'] as const),
    ...OPT_OUT_KEYWORDS.help.map((w) => [w, 'help'] as const),
  ])('%s is %s, in any case', (word, kind) => {
    expect(matchOptOutKeyword(word, false)).toBe(kind);
    expect(matchOptOutKeyword(word.toLowerCase(), false)).toBe(kind);
    expect(matchOptOutKeyword(word[0] + word.slice(1).toLowerCase(), false)).toBe(kind);
  });

  it("D23: the French keywords (any case, with or without accents) are answered in French, the others in English", () => {
    expect(['ARRET', 'Arrêt', 'arrêter', 'DÉSABONNER', 'desabonner', 'oui', 'AIDE', 'aidé', 'Shop Arrêt'].map((t) => matchKeyword(t, t.startsWith('Shop')))).toEqual([
      { kind: 'stop', language: 'fr' }, { kind: 'stop', language: 'fr' }, { kind: 'stop', language: 'fr' }, { kind: 'stop', language: 'fr' },
      { kind: 'stop', language: 'fr' }, { kind: 'start', language: 'fr' }, { kind: 'help', language: 'fr' }, { kind: 'help', language: 'fr' },
      { kind: 'stop', language: 'fr' },
    ]);
    expect(['STOP', 'unsubscribe', 'Cancel', 'END', 'quit', 'STOPALL', 'START', 'unstop', 'YES', 'HELP', 'info'].map((t) => matchKeyword(t, false)?.language)).toEqual(Array(11).fill('en'));
    expect(matchKeyword('ARRET SVP', false)).toBeNull();
  });

  it('ignores accents', () => {
    expect(['Arrêt', 'ARRÊTER', 'arrêter', 'désabonner', 'Désabonner', 'DÉSABONNER', 'Oui', 'aidé'].map((t) => matchOptOutKeyword(t, false))).toEqual([
      'stop', 'stop', 'stop', 'stop', 'stop', 'stop', 'start', 'help',
    ]);
  });

  it('trims spaces and leading and trailing punctuation', () => {
    expect(['stop!', '  Stop. ', '"STOP"', '¡stop!', '\tStop !\n', '...quit...', 'start?', '*HELP*'].map((t) => matchOptOutKeyword(t, false))).toEqual([
      'stop', 'stop', 'stop', 'stop', 'stop', 'stop', 'start', 'help',
    ]);
  });

  it('only the whole text: STOP PLEASE, STOPS, S.T.O.P and an empty text are ordinary', () => {
    expect(['STOP PLEASE', 'please stop', 'STOPS', 'S.T.O.P', 'STOP STOP', '', '   ', '!!!', 'yes please'].map((t) => matchOptOutKeyword(t, false))).toEqual([
      null, null, null, null, null, null, null, null, null,
    ]);
  });

  it("after a shared short code's routing keyword: its first word is taken off first", () => {
    expect(matchOptOutKeyword('SHOP stop', true)).toBe('stop');
    expect(matchOptOutKeyword('  shôp!  Arrêt. ', true)).toBe('stop');
    expect(matchOptOutKeyword('Shop START', true)).toBe('start');
    expect(matchOptOutKeyword('SHOP help', true)).toBe('help');
    expect(matchOptOutKeyword('SHOP', true)).toBeNull();
    expect(matchOptOutKeyword('SHOP stop please', true)).toBeNull();
    // routed by a number or a catch-all: the whole text counts, so a leading word makes it ordinary
    expect(matchOptOutKeyword('SHOP stop', false)).toBeNull();
    // a keyword that happens to be the routing keyword itself (short code keyword STOP) still needs a second word
    expect(matchOptOutKeyword('STOP', true)).toBeNull();
  });
});
