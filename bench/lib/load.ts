import autocannon from 'autocannon';

/** One autocannon run (programmatic API, in this process): throughput, latency, and what did not answer as expected. */
export type LoadResult = { rps: number; p50: number; p99: number; requests: number; non2xx: number; errors: number; statuses: Record<string, number> };

export type LoadOptions = {
  url: string;
  method?: 'GET' | 'POST';
  connections: number;
  /** Seconds; ignored when `amount` is set. */
  duration?: number;
  amount?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Rotates the `app-key` header over these keys, one per request. */
  keys?: string[];
  /** With `keys`: the path to use with each key (same index). */
  paths?: string[];
};

export async function load(o: LoadOptions): Promise<LoadResult> {
  const statuses: Record<string, number> = {};
  let next = 0;
  const result = await autocannon({
    url: o.url,
    method: o.method ?? 'GET',
    connections: o.connections,
    duration: o.duration ?? 10,
    amount: o.amount,
    body: o.body,
    headers: { 'content-type': 'application/json', ...(o.headers ?? {}) },
    requests: o.keys?.length
      ? [
          {
            setupRequest: (req: any) => {
              const i = next++ % o.keys!.length;
              return { ...req, ...(o.paths ? { path: o.paths[i] } : {}), headers: { ...req.headers, 'app-key': o.keys![i] } };
            },
          },
        ]
      : undefined,
    setupClient: (client: any) => {
      client.on('response', (status: number) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
    },
  });
  const elapsed = result.duration; // seconds
  const done = result.requests.total;
  return {
    rps: done / elapsed,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: done,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
  };
}

/** Fixed-concurrency loop over an async task for `seconds`: ops/s and latency percentiles (ms). */
export async function loop(concurrency: number, seconds: number, task: (i: number) => Promise<void>): Promise<{ rps: number; p50: number; p99: number; ops: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await task(i++);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { rps: latencies.length / elapsed, ...percentiles(latencies), ops: latencies.length };
}

export function percentiles(xs: number[]): { p50: number; p99: number } {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN);
  return { p50: at(0.5), p99: at(0.99) };
}
