import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@/shared/errors/codes';
import en from '@/messages/en';
import fr from '@/messages/fr';

type Tree = { [key: string]: string | Tree };

/** Every message of a catalogue by its dotted key (`compose.cost.total`). */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** A message's ICU arguments with their types (`count:plural`, `name:string`), the tags it uses, sorted. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type === TYPE.argument) found.add(`${e.value}:string`);
      else if (e.type === TYPE.number) found.add(`${e.value}:number`);
      else if (e.type === TYPE.date || e.type === TYPE.time) found.add(`${e.value}:date`);
      else if (e.type === TYPE.plural) {
        found.add(`${e.value}:plural`);
        for (const option of Object.values(e.options)) walk(option.value);
      } else if (e.type === TYPE.select) {
        found.add(`${e.value}:select`);
        for (const option of Object.values(e.options)) walk(option.value);
      } else if (e.type === TYPE.tag) {
        found.add(`<${e.value}>`);
        walk(e.children);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

const EN = flatten(en);
const FR = flatten(fr);

describe('message catalogues (D23)', () => {
  it('have the same keys in French and English', () => {
    expect([...FR.keys()].filter((k) => !EN.has(k)), 'in the French catalogue only').toEqual([]);
    expect([...EN.keys()].filter((k) => !FR.has(k)), 'in the English catalogue only').toEqual([]);
  });

  it('give each message the same ICU arguments in both languages', () => {
    const differ = [...EN].filter(([key, text]) => FR.has(key) && placeholders(text).join() !== placeholders(FR.get(key)!).join()).map(([key]) => key);
    expect(differ).toEqual([]);
  });

  it('hold no empty message', () => {
    expect([...EN, ...FR].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
  });

  it("translate every error of the catalogue, the English text being the catalogue's own", () => {
    const texts = Object.fromEntries(Object.entries(ERRORS).map(([name, e]) => [name, 'detail' in e ? e.detail : e.message]));
    expect(en.errors).toEqual(texts);
  });

  it('the placeholder check sees names, types and tags', () => {
    expect(placeholders('{count, plural, one {# recipient} other {# recipients}} for {name} <b>now</b>')).toEqual(['<b>', 'count:plural', 'name:string']);
    expect(placeholders('{n, number} at {when, date}')).toEqual(['n:number', 'when:date']);
  });
});
