// autocannon ships no types; the bench uses the few fields it reads (see load.ts).
declare module 'autocannon' {
  type Result = {
    duration: number;
    requests: { total: number; average: number };
    latency: { p50: number; p99: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  function autocannon(options: Record<string, unknown>): Promise<Result>;
  export default autocannon;
}
