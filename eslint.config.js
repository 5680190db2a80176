// Lint-only configuration (no formatting rules): `npm run lint`, run by .ci/run.
// Kept deliberately small: promises that nobody awaits, dead code, and the layer
// boundaries of server/domain, server/smpp, server/queue, server/api, server/metrics, components and shared.
// Type-aware (typescript-eslint's project service reads tsconfig.json), which
// no-floating-promises needs.
import tseslint from 'typescript-eslint';

/**
 * The SMPP carrier client (server/smpp/client: sessions, window, TPS credits) is driven by one module, the domain's
 * SMPP carrier driver (server/domain/carrier/smpp); everything else reaches carriers through the carrier port.
 */
const smppClientOnlyForDriver = [
  {
    regex: '^@/server/smpp/client(/|$)',
    message: 'Only the SMPP carrier driver (server/domain/carrier/smpp) imports server/smpp/client; go through the carrier port.',
  },
  { regex: '^(\\.\\./)+(server/)?smpp/client(/|$)', message: 'Only the SMPP carrier driver imports server/smpp/client, not by a relative path either.' },
];

/**
 * server/smpp is the SMPP transport (codec, carrier client, listener for ESMEs): it knows PDUs, sessions and sockets,
 * nothing of the domain. What the listener needs from the domain comes in through its port (server/smpp/server/port.ts),
 * supplied where it is started; the client's driver maps its own rows to the client's types.
 */
const smppBoundary = (extra = []) => ({
  patterns: [
    {
      regex: '^@/(server/(domain|api|http|jobs|queue)|shared/contracts|db|app|components)(/|$)',
      message: 'server/smpp imports no domain, API, job, contract or database code; take what it needs through its port or as arguments.',
    },
    { regex: '^(\\.\\./)+(domain|api|http|jobs|queue|contracts|db|app|components)(/|$)', message: 'server/smpp must not reach other layers by a relative path.' },
    ...extra,
  ],
});

/** What server/domain may not import; `extra`: what one feature of it may not import besides. */
const domainBoundary = (extra = [], { smppDriver = false } = {}) => {
  const jobs = 'jobs';
  return {
    patterns: [
      {
        regex: '^@/server/(api|http)(/|$)',
        message: 'server/domain must not depend on the API or HTTP layers; pass what it needs in as arguments.',
      },
      {
        // Domain code enqueues follow-up jobs (dispatch, carrier steps, webhook
        // deliveries) in the caller's transaction through @/server/queue/add-job,
        // which lies below the domain; the tasks in server/jobs lie above it.
        regex: `^@/server/${jobs}(/|$)`,
        message: 'server/domain must not depend on server/jobs (enqueue with @/server/queue/add-job).',
      },
      {
        regex: '^@/app(/|$)',
        message: 'server/domain must not depend on the Next.js app.',
      },
      {
        // The same layers reached by a relative path (../../api, ../../../app).
        regex: `^(\\.\\./)+(api|http|app|${jobs})(/|$)`,
        message: 'server/domain must not reach api, http, jobs or app by a relative path.',
      },
      ...(smppDriver ? [] : smppClientOnlyForDriver),
      ...extra,
    ],
  };
};

/** Pricing lies below wallets (a balance and a charge are priced with it): it never imports them. */
const pricingBoundary = [
  {
    regex: '^(@/server/domain|\\.\\.)/wallets(/|$)',
    message: 'server/domain/pricing must not import server/domain/wallets, which prices with it.',
  },
];

/** server/queue (job names, payload schemas, addJob) lies below the domain and the tasks. */
const queueBoundary = {
  patterns: [
    {
      regex: '^@/(server/(api|http|domain|jobs)|app)(/|$)',
      message: 'server/queue lies below the domain and the tasks: it imports neither, nor the API, HTTP or app layers.',
    },
    { regex: '^\\.\\./', message: 'server/queue must not reach other layers by a relative path.' },
    ...smppClientOnlyForDriver,
  ],
};

/** The web process's HTTP layer (server/http) serves the API: the API never imports it. */
const apiBoundary = {
  patterns: [
    { regex: '^@/server/http(/|$)', message: 'server/api must not import the HTTP layer, which imports it; what both need lives below (server/lib, shared).' },
    { regex: '^(\\.\\./)+http(/|$)', message: 'server/api must not reach the HTTP layer by a relative path.' },
    ...smppClientOnlyForDriver,
  ],
};

/**
 * Metrics are told what to count (the REST listener hands over its matched route): they never import the API, nor
 * the web process's HTTP layer, which imports them (the bounded node:http server both use is in server/lib).
 */
const metricsBoundary = {
  patterns: [
    { regex: '^@/server/api(/|$)', message: 'server/metrics must not import the API layer; the caller hands over what the metric needs.' },
    { regex: '^@/server/http(/|$)', message: 'server/metrics must not import the HTTP layer (it imports metrics); shared HTTP helpers live in server/lib.' },
    { regex: '^(\\.\\./)+(api|http)(/|$)', message: 'server/metrics must not reach the API or HTTP layers by a relative path.' },
    ...smppClientOnlyForDriver,
  ],
};

const componentBoundary = {
  patterns: [
    {
      // What the browser runs as the server does (segments, phones, prices, schedule dates, the compose form's
      // preview and send checks, the sign-in redirect check, the tRPC batch limits) lives in shared/; take types
      // from @/shared/contracts and data through tRPC. server/lib and server/http hold server code only.
      regex: '^@/server/(domain|lib|http)(/|$)',
      message: 'components must not import server/domain, server/lib or server/http (pure code both sides run lives in @/shared; use @/shared/contracts types and tRPC).',
    },
    {
      regex: '^(\\.\\./)+server/(domain|lib|http)(/|$)',
      message: 'components must not import server/domain, server/lib or server/http (pure code both sides run lives in @/shared; use @/shared/contracts types and tRPC).',
    },
  ],
};

/**
 * shared/ is the code the browser runs as the server does: pure functions, no I/O, no database, no secrets, among them
 * the zod contracts (shared/contracts, "shared by REST, tRPC and the UI") and the error catalogue (shared/errors:
 * ApiError, its codes, and the two functions that build it from validation issues and zod errors), which POST /send's
 * validation throws and the compose form shows. It lies below server/, db/, app/ and components/, and imports none of
 * them.
 */
const sharedBoundary = {
  paths: [{ name: 'server-only', message: 'shared/ runs in the browser too: no server-only module belongs here.' }],
  patterns: [
    { regex: '^@/(server|db|app|components)(/|$)', message: 'shared/ must not import server/, db/, app/ or components/.' },
    { regex: '^(\\.\\./)+(server|db|app|components)(/|$)', message: 'shared/ must not reach other layers by a relative path.' },
  ],
};

/**
 * D23: no user-facing literal in a component. Text between JSX tags, a string in `{'...'}` as a child, and a string
 * given to an attribute people read (title, label, placeholder, aria-label, alt, ...) must come from the message
 * catalogues (messages/<locale>.json, next-intl). Punctuation, symbols and digits alone are not words and pass.
 */
const HUMAN_ATTRIBUTES = new Set(['title', 'subtitle', 'label', 'placeholder', 'aria-label', 'aria-description', 'alt', 'hint', 'description', 'confirmLabel', 'emptyText', 'legend']);
const hasWords = (text) => /\p{L}{2,}/u.test(text);
const noLiteralText = {
  meta: { type: 'problem', messages: { literal: 'User-facing text "{{text}}" belongs in messages/*.json (next-intl, D23).' }, schema: [] },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      'JSXElement > JSXExpressionContainer > Literal, JSXFragment > JSXExpressionContainer > Literal'(node) {
        if (typeof node.value === 'string' && hasWords(node.value)) report(node, node.value);
      },
      'JSXElement > JSXExpressionContainer > TemplateLiteral'(node) {
        if (node.quasis.some((q) => hasWords(q.value.cooked ?? ''))) report(node, node.quasis.map((q) => q.value.cooked).join('…'));
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!HUMAN_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (value.type === 'Literal' && typeof value.value === 'string' && hasWords(value.value)) report(value, value.value);
        if (value.type === 'TemplateLiteral' && value.quasis.some((q) => hasWords(q.value.cooked ?? ''))) report(value, value.quasis.map((q) => q.value.cooked).join('…'));
      },
    };
  },
};

/**
 * One way to reach Postgres (docs/decisions.md D25): drizzle, and for a statement built once, fixedSql/executeFixed.
 * The postgres.js client (drizzle's `$client`, the driver's `.unsafe`, its options) and drizzle's private session
 * are touched by the database module alone: db/client.ts, server/lib/postgres-js.ts, server/lib/fixed-sql.ts.
 */
const DB_MODULE = ['db/client.ts', 'server/lib/postgres-js.ts', 'server/lib/fixed-sql.ts'];
const DRIVER_MESSAGE = 'Reach Postgres through drizzle or the db module (db/client.ts: runStatement, closeDb, isPool), not the driver (D25).';
const driverOnlyInDbModule = {
  'no-restricted-properties': [
    'error',
    { property: 'unsafe', message: DRIVER_MESSAGE },
    { property: '$client', message: DRIVER_MESSAGE },
  ],
  'no-restricted-syntax': [
    'error',
    { selector: "MemberExpression[object.property.name='session'][property.name='client']", message: `drizzle's private session.client: ${DRIVER_MESSAGE}` },
    { selector: "MemberExpression[object.property.name='options'][property.name=/^(shared|fetch_types)$/]", message: `postgres.js internals: ${DRIVER_MESSAGE}` },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.next-e2e*/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'packages/sdk/dist/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits can reject with no handler (process-level
      // unhandledRejection) or let work run past a transaction or response.
      // `void promise` marks a deliberate fire-and-forget. checkThenables: drizzle
      // queries are thenables (QueryPromise implements, not extends, Promise) and
      // lazy: a floating `db.update(...)` never runs at all.
      '@typescript-eslint/no-floating-promises': ['error', { checkThenables: true }],
      // Dead imports, variables and parameters; a leading underscore marks
      // one that is unused on purpose (e.g. a positional callback argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'all',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'all',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['server/domain/**/*.ts', 'server/domain/**/*.tsx'],
    // Exception: this integration test drives the whole path (domain emits,
    // the deliver-webhooks task sends), so it imports the task; it is a test of
    // the domain, not part of it.
    ignores: ['server/domain/webhooks/emit-events.int.test.ts'],
    rules: { 'no-restricted-imports': ['error', domainBoundary()] },
  },
  {
    files: ['server/domain/carrier/smpp/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', domainBoundary([], { smppDriver: true })] },
  },
  {
    // Where no layer rule of its own applies: the jobs, the CLI, the HTTP layer, the launcher scripts, the app.
    files: ['server/{jobs,cli,http,auth,lib,supervisor,dev,errors}/**/*.ts', 'scripts/**/*.ts', 'app/**/*.ts', 'app/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: smppClientOnlyForDriver }] },
  },
  {
    files: ['server/smpp/client/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', smppBoundary()] },
  },
  {
    files: ['server/smpp/{codec,server}/**/*.ts', 'server/smpp/*.ts'],
    rules: {
      'no-restricted-imports': ['error', smppBoundary([...smppClientOnlyForDriver, { regex: '^(\\.\\./)+client(/|$)', message: 'The codec and the listener do not use the carrier client.' }])],
    },
  },
  {
    files: ['server/domain/pricing/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', domainBoundary(pricingBoundary)] },
  },
  {
    files: ['server/queue/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', queueBoundary] },
  },
  {
    files: ['server/api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', apiBoundary] },
  },
  {
    files: ['server/metrics/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', metricsBoundary] },
  },
  {
    files: ['components/**/*.ts', 'components/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', componentBoundary] },
  },
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', sharedBoundary] },
  },
  {
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    plugins: { i18n: { rules: { 'no-literal-text': noLiteralText } } },
    rules: { 'i18n/no-literal-text': 'error' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: [
      ...DB_MODULE,
      // Tests inspect and cut the driver on purpose: count what reaches it, end pools, clone databases.
      'tests/**',
      '**/*.test.ts',
      'e2e/**',
      // CREATE and DROP DATABASE take an identifier, which no bound parameter can be: the embedded default's
      // database, the stale test databases, the bench's own database.
      'server/dev/database-url.ts',
      'server/dev/stale-databases.ts',
      'bench/lib/service.ts',
      // The bench's ceilings measure the send and the status read with postgres.js alone, without drizzle.
      'bench/lib/raw-db.ts',
      'bench/lib/minimal-status.ts',
      // The growth bench fills a database in bulk with statements it generates (table names, intervals, chunk
      // bounds: its own numbers, no outside input) and EXPLAINs the hot reads by their text.
      'bench/lib/growth-fill.ts',
      'bench/lib/growth-sustain.ts',
    ],
    rules: driverOnlyInDbModule,
  },
);
