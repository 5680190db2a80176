import postgres from 'postgres';
import { loop } from './load';
import { rawSendWrites, type RawMerchant } from './raw-db';

/**
 * The raw send loop (rawSendWrites, concurrency 32, its own pool of 10) in a process of its own, as background
 * load on Postgres and the cores: started with the database URL and merchants over IPC ('start'), it runs 0.5 s
 * loops while 'run' is in force and idles after 'pause', answering each with 'ok'.
 */
let running = false;
let task: (() => Promise<void>) | null = null;
let sql: postgres.Sql | null = null;
process.on('message', async (m: { cmd: 'start'; url: string; merchants: RawMerchant[] } | { cmd: 'run' | 'pause' | 'stop' }) => {
  if (m.cmd === 'start') {
    sql = postgres(m.url, { max: 10, onnotice: () => {} });
    task = rawSendWrites(sql, m.merchants, 1);
  } else if (m.cmd === 'run') {
    running = true;
    void (async () => {
      while (running) await loop(32, 0.5, task!);
    })();
  } else if (m.cmd === 'pause') running = false;
  else {
    running = false;
    await sql?.end({ timeout: 2 });
    process.send!('ok');
    process.exit(0);
  }
  process.send!('ok');
});
