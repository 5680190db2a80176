import { getOpenApiDocument } from '@/server/api/rest/openapi';
import { ERRORS } from '@/server/errors/codes';
import { DEFAULT_LIMITS } from '@/server/domain/rate-limits/take-slot';

export const metadata = { title: 'API documentation · SMS Gateway' };

type Op = { summary?: string; description?: string; responses?: Record<string, { description?: string }> };

/** The docs page is rendered from the same OpenAPI document and catalogue the API uses, so it cannot drift. */
export default function DocsPage() {
  const doc = getOpenApiDocument();
  const ops: Array<{ method: string; path: string; op: Op }> = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Op>)) ops.push({ method: method.toUpperCase(), path, op });
  }
  return (
    <main className="mx-auto max-w-4xl px-6 py-12">
      <h1 className="text-3xl font-semibold">SMS Gateway API v1</h1>
      <p className="mt-3 text-slate-700">
        Base path <code className="rounded bg-slate-200 px-1">/api/v1/svc/sms-api</code>. Send your key in the{' '}
        <code className="rounded bg-slate-200 px-1">app-key</code> header. Successful bodies are{' '}
        <code className="rounded bg-slate-200 px-1">{'{status_code, data}'}</code>. The machine-readable contract is{' '}
        <a className="text-blue-700 underline" href="/api/v1/svc/sms-api/openapi.json">
          openapi.json
        </a>
        .
      </p>

      <h2 className="mt-10 text-2xl font-semibold">Endpoints</h2>
      <ul className="mt-4 space-y-6">
        {ops.map(({ method, path, op }) => (
          <li key={method + path} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="font-mono text-sm">
              <span className="mr-2 rounded bg-slate-800 px-2 py-0.5 text-white">{method}</span>
              {path}
            </p>
            {op.summary && <p className="mt-2 font-medium">{op.summary}</p>}
            {op.description && <p className="mt-1 text-sm text-slate-700">{op.description}</p>}
            <dl className="mt-3 grid grid-cols-[4rem_1fr] gap-x-3 gap-y-1 text-sm">
              {Object.entries(op.responses ?? {}).map(([status, r]) => (
                <div key={status} className="contents">
                  <dt className="font-mono">{status}</dt>
                  <dd className="text-slate-700">{r.description}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>

      <h2 className="mt-10 text-2xl font-semibold">Rate limits</h2>
      <p className="mt-2 text-sm text-slate-700">
        Per key, exact sliding 60-second windows shared by every instance. Every limited answer carries RateLimit-Limit,
        RateLimit-Remaining and RateLimit-Reset; a 429 adds Retry-After. More than 30 rejected requests within 60 s
        suspend the key for 300 s (error 1302).
      </p>
      <table className="mt-3 text-sm">
        <tbody>
          {Object.entries(DEFAULT_LIMITS).map(([bucket, n]) => (
            <tr key={bucket}>
              <td className="pr-6 font-mono">{bucket}</td>
              <td>{n} / min</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2 id="webhooks" className="mt-10 text-2xl font-semibold">
        Webhooks
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Events (sms.queued once per send; sms.processing, sms.sent, sms.delivered or sms.failed per recipient and dispatch)
        are POSTed as JSON to the key&apos;s webhook_url, or to the send&apos;s callback_url. 2xx acknowledges; 3xx and 4xx
        are permanent; 5xx, connection errors and 5 s without an answer are retried after 30 s, 2 min, 10 min and 1 h.
        Receivers deduplicate by event_id.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Every request is signed the Standard Webhooks way: <code className="rounded bg-slate-200 px-1">webhook-id</code>{' '}
        (the event_id), <code className="rounded bg-slate-200 px-1">webhook-timestamp</code> (Unix seconds) and{' '}
        <code className="rounded bg-slate-200 px-1">webhook-signature</code>:{' '}
        <code className="rounded bg-slate-200 px-1">v1,</code> followed by the base64 HMAC-SHA256 of{' '}
        <code className="rounded bg-slate-200 px-1">{'{webhook-id}.{webhook-timestamp}.{raw body}'}</code> under the app&apos;s
        signing secret (<code className="rounded bg-slate-200 px-1">whsec_…</code>, shown once when the app is created;
        rotatable, both signatures are sent for 24 h after a rotation). Any Standard Webhooks library verifies them:
      </p>
      <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
        {`import { Webhook } from 'standardwebhooks';
const event = new Webhook(process.env.SMS_WEBHOOK_SECRET).verify(rawBody, req.headers);`}
      </pre>

      <h2 className="mt-10 text-2xl font-semibold">Error codes</h2>
      <table className="mt-3 w-full text-left text-sm">
        <thead>
          <tr className="border-b">
            <th className="py-1">Code</th>
            <th>Name</th>
            <th>HTTP</th>
            <th>Message</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(ERRORS)
            .filter(([, e]) => e.shape === 'envelope')
            .map(([name, e]) => (
              <tr key={name} className="border-b border-slate-100">
                <td className="py-1 font-mono">{'code' in e ? e.code : ''}</td>
                <td className="font-mono">{name}</td>
                <td>{e.http}</td>
                <td>{'message' in e ? e.message : ''}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </main>
  );
}
