import { MAX_UNKNOWN_FIELD_WARNINGS, UNKNOWN_FIELD_MESSAGE, type UnknownFieldWarning } from '@/shared/contracts/warnings';

/** What this walk reads of a zod (v4) schema: its definition. */
type Def = { type: string; shape?: Record<string, unknown>; catchall?: unknown; innerType?: unknown; element?: unknown; options?: unknown[]; in?: unknown; getter?: () => unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The schema under the wrappers that do not change which keys an object knows. */
function unwrap(schema: unknown): Def | undefined {
  for (let def = defOf(schema), n = 0; def && n < 20; n++) {
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'nonoptional':
      case 'catch':
        def = defOf(def.innerType);
        continue;
      case 'pipe':
        def = defOf(def.in);
        continue;
      case 'lazy':
        def = defOf(def.getter?.());
        continue;
      default:
        return def;
    }
  }
  return undefined;
}

/** The object shapes a value may be read by: an object's, or every object option of a union. */
function shapesOf(def: Def | undefined): Array<{ shape: Record<string, unknown>; strips: boolean }> {
  if (!def) return [];
  if (def.type === 'object') return [{ shape: def.shape ?? {}, strips: def.catchall === undefined }];
  if (def.type === 'union') return (def.options ?? []).flatMap((o) => shapesOf(unwrap(o)));
  return [];
}

/**
 * The JSON paths of the fields of `value` that `schema` does not know and so drops (a zod object strips unknown keys;
 * a loose or strict one is left alone), in body order, nested objects and arrays of objects included (`to[3]` style,
 * as D7's validation errors name fields), at most `max`. Arrays of scalars are not walked: `to`'s 1,000 numbers
 * cost nothing.
 */
export function unknownFields(schema: unknown, value: unknown, max = MAX_UNKNOWN_FIELD_WARNINGS): string[] {
  const out: string[] = [];
  walk(unwrap(schema), value, '', out, max);
  return out;
}

function walk(def: Def | undefined, value: unknown, path: string, out: string[], max: number): void {
  if (!def || value === null || typeof value !== 'object' || out.length >= max) return;
  if (def.type === 'array') {
    if (!Array.isArray(value)) return;
    const item = unwrap(def.element);
    if (!shapesOf(item).length) return;
    for (let i = 0; i < value.length && out.length < max; i++) walk(item, value[i], `${path}[${i}]`, out, max);
    return;
  }
  const shapes = shapesOf(def);
  if (!shapes.length || Array.isArray(value)) return;
  const strips = shapes.every((s) => s.strips);
  for (const key of Object.keys(value)) {
    if (out.length >= max) return;
    const known = shapes.find((s) => Object.hasOwn(s.shape, key));
    const at = path ? `${path}.${key}` : key;
    if (!known) {
      if (strips) out.push(at);
      continue;
    }
    walk(unwrap(known.shape[key]), (value as Record<string, unknown>)[key], at, out, max);
  }
}

/** D12's warning entries for the fields unknownFields found. */
export function unknownFieldWarnings(fields: string[]): UnknownFieldWarning[] {
  return fields.map((field) => ({ code: 'UNKNOWN_FIELD', field, message: UNKNOWN_FIELD_MESSAGE }));
}
