// `import 'server-only'` marks a module that must never reach a browser bundle. Next.js handles that import
// itself (a build error when a client module reaches such a module, nothing on the server) and does not use the
// contents of any `server-only` package ("Next.js handles server-only and client-only imports internally",
// node_modules/next/dist/docs/01-app/01-getting-started/05-server-and-client-components.md).
//
// Everywhere else this code runs, there is no browser: tsx (npm run dev, the CLI, the bench), vitest, and the
// esbuild bundles in dist/ (which leave packages as imports). There the marker must be nothing, and this package
// is what package.json installs under the name `server-only` for them. The npm package of that name would throw
// there: it is empty only under the `react-server` export condition, which Node runtimes do not set (Next.js's
// own Jest setup maps it to an empty module for the same reason).
