/**
 * True when an error (or one of its causes) says the database could not be
 * reached or dropped the connection, as opposed to a failing statement:
 * postgres.js connection errors, network errors, the SQLSTATEs of class 08
 * (connection exception) and 57P01-57P03 (terminated, shutting down, not yet
 * accepting connections), and node-postgres's (graphile-worker's) messages
 * for a dead client, which carry no code.
 */
const PG_MESSAGES = /Connection terminated|not queryable|Client was closed|Client has already been connected|terminating connection/i;
const DRIVER_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') {
      if (e instanceof Error && PG_MESSAGES.test(e.message)) return true;
      continue;
    }
    if (DRIVER_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  return false;
}

/**
 * For a service process: postgres.js can reject a promise nobody awaits when a connection dies while it is being
 * opened (a database restart or outage), which is not a reason to end the process; any other unhandled rejection
 * still ends it, as by default.
 */
export function surviveDatabaseOutages(log: (message: string, fields: Record<string, unknown>) => void): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) return log('database connection lost while opening', { error: reason });
    throw reason;
  });
}
