import type postgres from 'postgres';

/**
 * Drops the databases a killed run left behind: those named `<prefix><pid>…`
 * whose creating process is gone (tests' templates and clones, e2e and bench
 * databases). A live process's databases, this one's included, are kept.
 */
export async function dropDatabasesOfDeadRuns(admin: postgres.Sql, prefix: string): Promise<void> {
  const pattern = new RegExp(`^${prefix}(\\d+)`);
  const rows = await admin<{ datname: string }[]>`select datname from pg_database where starts_with(datname, ${prefix})`;
  for (const { datname } of rows) {
    const pid = Number(pattern.exec(datname)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) await admin.unsafe(`drop database if exists ${datname} with (force)`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
