/** A test's own HTTP server on a free loopback port, and a JSON GET against it. */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

export function listen(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((done) => server.close(() => done())) });
    }),
  );
}

export async function getJson(target: { url: string }, path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${target.url}${path}`);
  return { status: response.status, body: await response.json() };
}
