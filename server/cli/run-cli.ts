import { ApiError } from '@/shared/errors/api-error';
import { CliError, type CliIo, type Command, type CommandResult } from './command';
import { addConnectorCommand } from './commands/add-connector';
import { deleteRouteCommand } from './commands/delete-route';
import { listConnectorsCommand } from './commands/list-connectors';
import { setRouteCommand } from './commands/set-route';
import { updateConnectorCommand } from './commands/update-connector';
import { createMerchantCommand } from './commands/create-merchant';
import { createOperatorCommand } from './commands/create-operator';
import { rotateKeyCommand } from './commands/rotate-key';
import { setKeyStatusCommand } from './commands/set-key-status';
import { setPricesCommand } from './commands/set-prices';
import { setRateLimitsCommand } from './commands/set-rate-limits';
import { setWebhookCommand } from './commands/set-webhook';
import { topUpCommand } from './commands/top-up';
import { enableSmppCommand } from './commands/enable-smpp';
import { assignNumberCommand } from './commands/assign-number';
import { listNumbersCommand } from './commands/list-numbers';
import { releaseNumberCommand } from './commands/release-number';
import { statusCommand } from './commands/status';
import { maintainPartitionsCommand } from './commands/maintain-partitions';
import { listSenderIdsCommand } from './commands/list-sender-ids';
import { approveSenderIdCommand } from './commands/approve-sender-id';
import { rejectSenderIdCommand } from './commands/reject-sender-id';
import { revokeSenderIdCommand } from './commands/revoke-sender-id';
import { setDefaultSenderIdCommand } from './commands/set-default-sender-id';

export type { CliIo } from './command';

const COMMANDS: Command[] = [
  createMerchantCommand,
  setKeyStatusCommand,
  rotateKeyCommand,
  topUpCommand,
  setWebhookCommand,
  setPricesCommand,
  setRateLimitsCommand,
  createOperatorCommand,
  addConnectorCommand,
  updateConnectorCommand,
  setRouteCommand,
  deleteRouteCommand,
  listConnectorsCommand,
  enableSmppCommand,
  assignNumberCommand,
  releaseNumberCommand,
  listNumbersCommand,
  listSenderIdsCommand,
  approveSenderIdCommand,
  rejectSenderIdCommand,
  revokeSenderIdCommand,
  setDefaultSenderIdCommand,
  statusCommand,
  maintainPartitionsCommand,
];

/**
 * The operator CLI (`npm run admin -- <command> [options] [--json]`). Returns
 * the exit code: 0 done, 2 bad arguments or unknown id (nothing written),
 * 1 anything unexpected (nothing written either: each command is one transaction).
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined) throw new CliError('no command given (try: help)');
    if (name === 'help' || name === '--help' || name === '-h') {
      io.stdout(rest.length ? commandUsage(find(rest[0])) : usage());
      return 0;
    }
    const command = find(name);
    const parsed = command.parse(rest);
    if (parsed.help) {
      io.stdout(commandUsage(command));
      return 0;
    }
    const result = await parsed.run(io);
    io.stdout(parsed.json ? JSON.stringify(result.data) + '\n' : formatLines(result));
    return 0;
  } catch (e) {
    // The domain's own refusals (unknown id, a rule of the console's form) are the caller's mistake, like bad arguments.
    const refused = e instanceof CliError || (e instanceof ApiError && e.http < 500);
    io.stderr(`error: ${refused && e instanceof ApiError ? apiErrorText(e) : describeFailure(e)}\n`);
    return refused ? 2 : 1;
  }
}

function apiErrorText(e: ApiError): string {
  const fields = (e.options.errors ?? []).map((f) => `${f.field}: ${f.message}`);
  return fields.length ? fields.join('; ') : e.message;
}

/** The innermost cause (a driver error, not the query text and its parameters), on one line. */
function describeFailure(e: unknown): string {
  let inner = e;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return (inner instanceof Error ? inner.message : String(inner)).split('\n')[0];
}

function find(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new CliError(`unknown command "${name}" (try: help)`);
  return command;
}

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    'usage: npm run admin -- <command> [options] [--json]',
    '',
    'commands:',
    ...lines,
    `  ${'help'.padEnd(width)}  This text; "help <command>" shows a command's options`,
    '',
    '--json prints one JSON object on stdout. Exit codes: 0 done, 2 bad arguments or unknown id, 1 failure.',
    '',
  ].join('\n');
}

function commandUsage(c: Command): string {
  return `usage: npm run admin -- ${c.name} ${c.usage} [--json]\n\n${c.summary}\n`;
}

/** The readable form: one `key  value` line per field, nested objects as `k=v` pairs. */
function formatLines(result: CommandResult): string {
  const entries = Object.entries(result.data);
  const width = Math.max(...entries.map(([k]) => k.length));
  const show = (v: unknown): string =>
    Array.isArray(v)
      ? v.map((x) => (x !== null && typeof x === 'object' ? `\n    ${show(x)}` : String(x))).join(v.some((x) => x !== null && typeof x === 'object') ? '' : ',')
      : v !== null && typeof v === 'object'
        ? Object.entries(v).map(([k, x]) => `${k}=${Array.isArray(x) ? `[${x.map((y) => (y !== null && typeof y === 'object' ? (y as { state?: string }).state ?? JSON.stringify(y) : String(y))).join(',')}]` : String(x)}`).join(' ')
        : v === null ? '(none)' : String(v);
  const lines = entries.map(([k, v]) => `${k.padEnd(width)}  ${show(v)}`);
  if (result.note) lines.push('', result.note);
  return lines.join('\n') + '\n';
}
