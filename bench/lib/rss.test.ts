import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresCpuSeconds } from './rss';

/** A process titled as a postgres backend of this run's database would be, spinning until killed. */
function fakeBackend(): ChildProcess {
  return spawn('/bin/bash', ['-c', `exec -a "postgres: 15/main: bench sms_bench_${process.pid} 127.0.0.1(5) idle" /bin/bash -c 'while :; do :; done'`], {
    stdio: 'ignore',
  });
}

/** Polls `read` until it passes `min` (a loaded machine may give the spinning child its first CPU late); 20 s at most. */
async function until(read: () => number, min: number): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = read();
    if (v > min || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('postgresCpuSeconds', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
  });

  it('keeps the CPU of a backend that exits between two readings, so a phase never reads negative', async () => {
    const before = postgresCpuSeconds();
    child = fakeBackend();
    const during = await until(() => postgresCpuSeconds(), before + 0.2);
    expect(during - before).toBeGreaterThan(0.2);
    child.kill('SIGKILL');
    await once(child, 'exit');
    child = undefined;
    const after = postgresCpuSeconds();
    expect(after).toBeGreaterThanOrEqual(during);
  }, 30_000);

  it('leaves out the backends it is told to, by pid', async () => {
    child = fakeBackend();
    const pid = child.pid!;
    await until(() => postgresCpuSeconds() - postgresCpuSeconds([pid]), 0.1);
    const all = postgresCpuSeconds();
    const without = postgresCpuSeconds([pid]);
    expect(all - without).toBeGreaterThan(0.1);
  }, 30_000);
});
