import { freePort, startNpm, waitFor, type Proc } from '../../scripts/service-process';

/**
 * The real service for the reliability tests, as an operator starts it (and as
 * `npm run bench` does, through the same scripts/service-process.ts): the
 * production build, `npm start` / `npm run worker` process trees on this
 * file's database (DATABASE_URL and APP_SECRET from tests/setup-db.ts).
 */
export { ensureBuild, freePort, sleep, waitFor, type Proc } from '../../scripts/service-process';

/** `npm <args>` with this file's database and production settings (no demo seed). */
export function startProc(args: string[], env: Record<string, string | undefined>): Proc {
  // (SMPP_PORT off unless a test asks: several services run at once and 2775 is one port)
  return startNpm(args, { ...process.env, NODE_ENV: 'production', SEED_DEMO: 'off', SMPP_PORT: 'off', WORKER_METRICS_PORT: 'off', SMPP_METRICS_PORT: 'off', ...env });
}

export type Service = Proc & { port: number; origin: string; api: string };

/** `npm start` on a free port; resolves once GET /health answers 200. */
export async function startService(env: Record<string, string | undefined> = {}): Promise<Service> {
  const port = await freePort();
  const proc = startProc(['start'], { PORT: String(port), LOG_LEVEL: 'warn', ...env });
  const origin = `http://127.0.0.1:${port}`;
  const api = `${origin}/api/v1/svc/sms-api`;
  await waitFor(async () => (await fetch(`${api}/health`)).status === 200, 90_000, 250).catch((e) => {
    throw new Error(`${(e as Error).message}: the service did not start\n${proc.output()}`);
  });
  return { ...proc, port, origin, api };
}
