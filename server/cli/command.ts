import type { ParseArgsConfig } from 'node:util';
import type { Db } from '@/db/client';
import type { Env } from '@/server/env';
import { parseOptions, type Values } from './args';

export { CliError } from './args';

/**
 * What a command touches: the database, the settings and two line sinks (each call ends with a newline);
 * `databaseUrl` for a command that needs a connection of its own (maintain-partitions).
 */
export type CliIo = { db: Db; env: Env; stdout: (s: string) => void; stderr: (s: string) => void; databaseUrl?: string };

/** `data` is the `--json` object; without `--json` it is printed as aligned lines, then `note`. */
export type CommandResult = { data: Record<string, unknown>; note?: string };

export type Command = {
  name: string;
  summary: string;
  usage: string;
  /** Parses argv strictly (throws CliError); `run` validates, then writes in one transaction. */
  parse(args: string[]): { json: boolean; help: boolean; run: (io: CliIo) => Promise<CommandResult> };
};

type Options = NonNullable<ParseArgsConfig['options']>;

export function defineCommand<const O extends Options>(spec: {
  name: string;
  summary: string;
  usage: string;
  options: O;
  run: (values: Values<O>, io: CliIo) => Promise<CommandResult>;
}): Command {
  return {
    name: spec.name,
    summary: spec.summary,
    usage: spec.usage,
    parse(args) {
      const values = parseOptions(args, spec.options);
      const flags = values as { json?: boolean; help?: boolean };
      return { json: flags.json === true, help: flags.help === true, run: (io) => spec.run(values, io) };
    },
  };
}
