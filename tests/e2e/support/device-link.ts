import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/*
 * A device's own link to the network: an HTTP proxy in the test's process that one browser
 * context sends all its requests through (its pages' and its service worker's alike), which the
 * test can cut off from one server or slow down. Routing with Playwright (context.route) reaches a
 * service worker through the DevTools protocol, set up again for each new version of the worker:
 * across an app update the new version's requests once went out unrouted (the writes kept for
 * later were sent during the update). A proxy is the network itself, whatever version runs.
 */
export class DeviceLink {
  private readonly cutPorts = new Set<number>();
  private readonly slow: Array<{ path: RegExp; ms: number }> = [];
  /** Client sockets with a request open to each port (a live event stream among them). */
  private readonly open = new Map<number, Set<Socket>>();
  /** What went through, to say in a failing test: time, method, path, what became of it. */
  readonly log: string[] = [];

  private constructor(private readonly server: http.Server) {}

  static async open(): Promise<DeviceLink> {
    const server = http.createServer();
    const link = new DeviceLink(server);
    server.on('request', (request, response) => link.forward(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return link;
  }

  /** The proxy setting of the device's browser context. */
  get proxy() {
    return {
      server: `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`,
    };
  }

  /** Requests to `port` fail as on a dead network (the connection drops), and those open now drop. */
  cutOff(port: number): void {
    this.cutPorts.add(port);
    for (const socket of this.open.get(port) ?? []) socket.destroy();
  }

  restore(port: number): void {
    this.cutPorts.delete(port);
  }

  /** Requests whose path matches wait `ms` before they go (a slow field connection). */
  slowDown(path: RegExp, ms: number): void {
    this.slow.push({ path, ms });
  }

  async close(): Promise<void> {
    for (const sockets of this.open.values()) for (const socket of sockets) socket.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private forward(request: http.IncomingMessage, response: http.ServerResponse): void {
    const target = new URL(request.url ?? '/');
    const port = Number(target.port || 80);
    this.log.push(`${new Date().toISOString()} ${request.method} ${target.pathname}${this.cutPorts.has(port) ? ' cut' : ''}`);
    if (this.cutPorts.has(port)) {
      request.socket.destroy();
      return;
    }
    const sockets = this.open.get(port) ?? new Set<Socket>();
    this.open.set(port, sockets);
    sockets.add(request.socket);
    response.on('close', () => sockets.delete(request.socket));
    const delay = this.slow.find(({ path }) => path.test(target.pathname))?.ms ?? 0;
    setTimeout(() => {
      if (this.cutPorts.has(port) || request.socket.destroyed) return void request.socket.destroy();
      const headers = { ...request.headers };
      delete headers['proxy-connection'];
      const upstream = http.request(
        {
          host: target.hostname,
          port,
          method: request.method,
          path: `${target.pathname}${target.search}`,
          headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on('aborted', () => response.destroy());
        },
      );
      upstream.on('error', () => request.socket.destroy());
      request.pipe(upstream);
    }, delay);
  }
}
