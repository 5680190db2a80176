import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../db/migrate';
import { resolveDatabaseUrl } from '../server/dev/database-url';
import { dropDatabasesOfDeadRuns } from '../server/dev/stale-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    templateDb: string;
  }
}

/**
 * Once per run: find a Postgres (DATABASE_URL, else an embedded one under
 * .data/test), migrate a template database, and hand its name to the test
 * files; each file clones it (tests/setup-db.ts) and drops its clone.
 */
export default async function setup(project: TestProject) {
  if (!process.env.DATABASE_URL) {
    process.env.DATA_DIR ??= '.data/test';
    process.env.EMBEDDED_PG_PORT ??= '54330';
  }
  const resolved = await resolveDatabaseUrl({ log: () => {}, stopOnExit: true });
  const server = new URL(resolved.url);
  server.pathname = '/postgres';
  const template = `sms_tpl_${process.pid}`;
  const admin = postgres(server.toString(), { max: 1, onnotice: () => {} });
  await dropDatabasesOfDeadRuns(admin, 'sms_tpl_'); // templates and clones of killed runs
  await admin.unsafe(`drop database if exists ${template}`);
  await admin.unsafe(`create database ${template}`);
  const templateUrl = new URL(server.toString());
  templateUrl.pathname = `/${template}`;
  await migrateDatabase(templateUrl.toString());
  project.provide('pgServerUrl', server.toString());
  project.provide('templateDb', template);

  return async () => {
    const clones = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${template + '%'}`;
    for (const { datname } of clones) await admin.unsafe(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await resolved.stop();
  };
}
