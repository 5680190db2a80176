import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the test database whose connections a test cuts, the way HAProxy does during a failover:
 * `cut()` drops every connection through it, and until `restore()` a new one is accepted and closed (no server
 * up). postgres.js keeps retrying a query's connection meanwhile, so queries wait and go through once the
 * database is back.
 */
export type DbCut = { url: string; cut: () => void; restore: () => void; close: () => Promise<void> };

export async function dbCut(databaseUrl: string): Promise<DbCut> {
  const target = new URL(databaseUrl);
  const open = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) {
      // Closed a moment later, as HAProxy does with no server up: the client connects again. (At once, postgres.js
      // reconnected in a tight loop here, in the same process, until it ran out of file descriptors.)
      open.add(client);
      client.on('error', () => {}).on('close', () => open.delete(client));
      return void setTimeout(() => client.end(), 50);
    }
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const pair = [client, upstream];
    const gone = () => {
      for (const s of pair) {
        s.destroy();
        open.delete(s);
      }
    };
    for (const s of pair) {
      open.add(s);
      s.on('error', gone).on('close', gone);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    cut: () => {
      down = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore: () => {
      down = false;
    },
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
