import { createServer } from 'node:net';

/**
 * A loopback port nothing listens on now, from the system (it binds port 0 and lets go). A port picked at random
 * from 20000–40000 once collided with a connection's own port in a clean-clone run (the system hands those out
 * from 32768 up), and the server under test could not start.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
