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

/**
 * Last line of defence, on the whole line: anything shaped like an API key
 * (a client may put one in a URL path) keeps only its prefix and last four
 * characters, as the dashboard shows keys; Basic credentials are dropped.
 */
function scrub(line: string): string {
  return line
    .replace(/sk_(test|live)_[0-9A-Za-z]{28}([0-9A-Za-z]{4})/g, 'sk_$1_…$2')
    .replace(/(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]{6,}/gi, '$1 [redacted]');
}

function write(level: Level, msg: string, fields?: Record<string, unknown>): void {
  if (ORDER[level] < threshold()) return;
  const entry: Record<string, unknown> = { level, time: new Date().toISOString(), msg };
  for (const [k, v] of Object.entries(fields ?? {})) entry[k] = serialize(v);
  const line = scrub(JSON.stringify(entry));
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const logger = {
  /** Whether `level` is written: lets a hot path skip building the fields of a line nobody reads. */
  enabled: (level: Level) => ORDER[level] >= threshold(),
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};
