import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A bad argument or an unknown id: `error: <message>` on stderr, exit 2, nothing written. */
export class CliError extends Error {}

/** Accepted by every command. */
const GLOBAL_OPTIONS = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

type Options = NonNullable<ParseArgsConfig['options']>;
type Config<O extends Options> = { args: string[]; options: O & typeof GLOBAL_OPTIONS; strict: true; allowPositionals: false };
export type Values<O extends Options> = ReturnType<typeof parseArgs<Config<O>>>['values'];

/** node:util parseArgs, strict, no positionals; its errors become one-line CliErrors. */
export function parseOptions<O extends Options>(args: string[], options: O): Values<O> {
  const config = { args, options: { ...options, ...GLOBAL_OPTIONS }, strict: true, allowPositionals: false } as Config<O>;
  try {
    return parseArgs(config).values;
  } catch (e) {
    throw new CliError(describeParseError(e));
  }
}

function describeParseError(e: unknown): string {
  const code = (e as { code?: string }).code;
  const message = e instanceof Error ? e.message : String(e);
  const quoted = /'([^' ]+)/.exec(message)?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${quoted}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${quoted}" (every value follows its --option)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/argument missing|ambiguous/.test(message)) return `option ${quoted} needs a value (use ${quoted}=-X for one starting with a dash)`;
      return message.split('\n')[0];
    default:
      return message.split('\n')[0];
  }
}
