/**
 * Baseline for `npm run bench` (bench/run.ts): the cheapest route handler this
 * app can have, answering fixed JSON. It reads the request body (as the REST
 * adapter must) and does nothing else. It exists only when BENCH_ROUTES=on;
 * otherwise it answers 404 like any unknown path.
 */
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const FIXED = JSON.stringify({ status_code: 200, data: { ok: true } });

async function bare(req: Request): Promise<Response> {
  if (process.env.BENCH_ROUTES !== 'on') {
    return new Response(JSON.stringify({ detail: 'Not found' }), { status: 404, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
  }
  if (req.body) await req.arrayBuffer();
  return new Response(FIXED, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

export { bare as GET, bare as POST };
