import Link from 'next/link';

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold">SMS Gateway</h1>
      <p className="mt-4 text-lg text-slate-700">
        Send text messages to up to 1000 numbers per call, immediately, at scheduled moments or on a recurring schedule,
        billed per segment from your wallet, with delivery progress by polling and webhooks.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/sign-up" className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800">
          Create an account
        </Link>
        <Link href="/sign-in" className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-50">
          Sign in
        </Link>
      </div>
      <ul className="mt-8 space-y-2 text-blue-700 underline">
        <li>
          <Link href="/docs">API documentation</Link>
        </li>
        <li>
          <a href="/api/v1/svc/sms-api/openapi.json">OpenAPI document</a>
        </li>
        <li>
          <a href="/api/v1/svc/sms-api/health">Service health</a>
        </li>
      </ul>
    </main>
  );
}
