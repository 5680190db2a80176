import { connect } from 'node:net';

export type SlowClientSeen = { ms: number; answer: string };

/**
 * A raw socket to 127.0.0.1:`port`: writes `head` once connected, then one character of `trickle` every `everyMs`
 * (nothing more when it is empty); resolves what the server sent and when it closed the connection, in ms from
 * the connection.
 */
export function slowClient(port: number, head: string, trickle: string, everyMs: number): Promise<SlowClientSeen> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let t0 = performance.now();
    let answer = '';
    let i = 0;
    const timer = trickle
      ? setInterval(() => {
          if (!socket.destroyed) socket.write(trickle[i++ % trickle.length]);
        }, everyMs)
      : undefined;
    socket.on('connect', () => {
      t0 = performance.now();
      socket.write(head);
    });
    socket.setEncoding('utf8');
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: performance.now() - t0, answer });
    });
  });
}
