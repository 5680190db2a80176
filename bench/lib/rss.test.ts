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

const busy = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('postgresCpuSeconds', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
  });

  it('keeps the CPU of a backend that exits between two readings, so a phase never reads negative', async () => {
    const before = postgresCpuSeconds();
    child = fakeBackend();
    await busy(700);
    const during = postgresCpuSeconds();
    expect(during - before).toBeGreaterThan(0.2);
    child.kill('SIGKILL');
    await once(child, 'exit');
    child = undefined;
    const after = postgresCpuSeconds();
    expect(after).toBeGreaterThanOrEqual(during);
  });

  it('leaves out the backends it is told to, by pid', async () => {
    child = fakeBackend();
    await busy(400);
    const all = postgresCpuSeconds();
    const without = postgresCpuSeconds([child.pid!]);
    expect(all - without).toBeGreaterThan(0.1);
  });
});
