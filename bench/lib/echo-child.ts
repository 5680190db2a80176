import { createServer } from 'node:net';

/**
 * A TCP echo server in its own process (probe-send-cpu --echo): every byte it reads goes back, so a client's write
 * wakes another process and its answer arrives as a socket read, as a statement's round trip to Postgres does,
 * without Postgres's work. Sends its port over IPC.
 */
const server = createServer((socket) => {
  socket.setNoDelay(true);
  socket.on('data', (b) => socket.write(b));
  socket.on('error', () => {});
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send!(typeof address === 'object' && address ? address.port : 0);
});
process.on('disconnect', () => process.exit(0));
