import type { Server, Socket } from 'node:net';

export type AdmissionLimits = {
  /** Open connections the listener holds at most, bound or not; more are closed as they are accepted. */
  maxConnections: number;
  /** Open connections from one client address at most. */
  maxPerAddress: number;
};

export type RefusalReason = 'total' | 'per_address';

/**
 * Caps the listener's connections at accept, before a session reads anything: in all (Node's own
 * `server.maxConnections`, which closes the extra socket without handing it on) and per client address (counted
 * here; the extra socket is destroyed before the SMPP library reads from it). `refused` is told of each refusal.
 * `admitted(socket)` says whether a socket handed to the session listener was let in.
 */
export function admitConnections(server: Server, limits: AdmissionLimits, refused: (reason: RefusalReason, address: string) => void) {
  const perAddress = new Map<string, number>();
  const turnedAway = new WeakSet<Socket>();
  server.maxConnections = limits.maxConnections;
  server.on('drop', (info?: { remoteAddress?: string }) => refused('total', info?.remoteAddress ?? '?'));
  // Ahead of the library's own connection listener, which wraps the socket in a session.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '?';
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.maxPerAddress) {
      turnedAway.add(socket);
      socket.on('error', () => {});
      socket.destroy();
      refused('per_address', address);
      return;
    }
    perAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
  return { admitted: (socket: Socket) => !turnedAway.has(socket) };
}
