/**
 * Structured one-line JSON logs. Callers pass context objects, never secrets:
 * no key, password or Authorization header is ever handed to the logger.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  return ORDER[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? ORDER.info;
}

function serialize(value: unknown): unknown {
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redact(value.message),
      stack: value.stack ? redact(value.stack) : undefined,
      cause: value.cause ? serialize(value.cause) : undefined,
    };
  }
  return value;
}

/** Drizzle puts a failed query's parameters into the error text; they may carry secrets. */
function redact(text: string): string {
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
}

function write(level: Level, msg: string, fields?: Record<string, unknown>): void {
  if (ORDER[level] < threshold()) return;
  const entry: Record<string, unknown> = { level, time: new Date().toISOString(), msg };
  for (const [k, v] of Object.entries(fields ?? {})) entry[k] = serialize(v);
  const line = JSON.stringify(entry);
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};
