import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * An origin of its own whose root is a part of the app: a second listener on `port` whose every
 * request is routed as `prefix + url`. Some clients keep only the origin of their base URL (Google's
 * generated clients: decision 0027), so an API they call must answer at an origin's root.
 */
export interface OriginRoot {
  /** For logs: what this origin serves. */
  name: string;
  port: number;
  /** The app's path that is this origin's root (no trailing slash), e.g. `/api/v1/partner/rbm`. */
  prefix: string;
}

/** Each request of an origin root, with the prefix it is routed under (read by rewriteUrl). */
const prefixOfRequest = new WeakMap<IncomingMessage, string>();

/** The URL the app routes: the origin root's prefix before the path, or the URL as it came. */
export function rewriteOriginRootUrl(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const prefix = prefixOfRequest.get(request);
  return prefix === undefined ? url : `${prefix}${url.startsWith('/') ? url : `/${url}`}`;
}

/**
 * Starts the origin roots when the app is ready (a port that cannot be bound fails the start) and
 * drains them when it closes, before the app's own close hooks run (the database is still open):
 * they stop taking connections, idle keep-alive ones are closed at once, the others after the
 * response in flight.
 */
export function serveOriginRoots(app: FastifyInstance, roots: readonly OriginRoot[], host: string): void {
  const servers: { root: OriginRoot; server: Server }[] = [];
  let closing = false;
  app.addHook('onReady', async () => {
    for (const root of roots) {
      const server = createServer((request, response) => {
        prefixOfRequest.set(request, root.prefix);
        if (closing) response.shouldKeepAlive = false;
        // A keep-alive connection whose last response ends while closing is closed, not kept open.
        response.on('finish', () => {
          if (closing) setImmediate(() => server.closeIdleConnections());
        });
        app.routing(request, response);
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(root.port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      servers.push({ root, server });
      const { port } = server.address() as AddressInfo;
      app.log.info({ origin: root.name, port, prefix: root.prefix }, 'origin root listening');
    }
  });
  app.addHook('preClose', async () => {
    closing = true;
    await Promise.all(
      servers.map(
        ({ server }) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
          }),
      ),
    );
  });
}
