import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Node's own HTTP module's parser pool: a parser given back is reused by the next connection. */
const { freeParser } = createRequire(import.meta.url)('_http_common') as { freeParser: (parser: unknown, request: unknown, socket: unknown) => void };

/** An answer that stays open: its chunks written on the connection itself, until `end`. */
export interface SocketStream {
  write: (text: string) => void;
  /** Ends the answer (its last chunk) and closes the connection once written. */
  end: () => void;
  /** The connection closed (the client went away, or `end`), or failed: called once. */
  onClose: (listener: () => void) => void;
}

/** Node's HTTP server's listeners on a connection, by name: each holds the connection's parser and pending answers. */
const SERVER_LISTENERS = /^(bound )?(socketOn(Data|End|Close|Drain|Error|Timeout)|onSocket(Resume|Pause))$/;

/**
 * Takes an open answer's connection away from Node's HTTP server, as Node does for a protocol
 * upgrade, and writes the answer's head on it: a long-lived answer (an event stream) then keeps
 * only its socket. Left with the server, each kept Node's request and response, the HTTP parser
 * with its ten bound callbacks, the head's text and the server's closures over them: about 6 KB
 * of heap a stream (docs/performance.md, "Many devices on one copy"). The connection is never
 * used for another request: it closes when the answer ends. The body is chunked (HTTP/1.1), or
 * ends with the connection (HTTP/1.0). The caller has taken the answer from its framework
 * (Fastify's reply.hijack) and written nothing yet.
 */
export function takeSocket(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): SocketStream {
  const socket = response.socket;
  // The client already gone: a stream that is closed.
  if (!socket || socket.destroyed) return { write: () => undefined, end: () => undefined, onClose: (listener) => listener() };
  const chunked = request.httpVersion !== '1.0';
  const lines = [`HTTP/1.1 200 OK`, `date: ${new Date().toUTCString()}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(chunked ? 'transfer-encoding: chunked' : 'connection: close');
  // Node's server lets go of the connection: its parser back to the pool, its listeners off.
  response.detachSocket(socket);
  freeParser((socket as typeof socket & { parser?: unknown }).parser, request, socket);
  for (const event of ['data', 'end', 'close', 'drain', 'error', 'timeout', 'resume', 'pause'] as const) {
    for (const listener of socket.listeners(event)) if (SERVER_LISTENERS.test((listener as { name?: string }).name ?? '')) socket.removeListener(event, listener as () => void);
  }
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);

  let closed = false;
  const listeners: Array<() => void> = [];
  const closedNow = () => {
    if (closed) return;
    closed = true;
    for (const listener of listeners.splice(0)) listener();
  };
  socket.on('close', closedNow);
  socket.on('error', () => socket.destroy());
  // Read to the end: the client's going away is seen at once (what it sends is not a request).
  socket.on('data', () => {});
  socket.on('end', () => socket.end());
  socket.resume();
  return {
    write: (text) => {
      if (socket.writable) socket.write(chunked ? `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n` : text);
    },
    end: () => {
      if (socket.writable && chunked) socket.end('0\r\n\r\n');
      socket.destroySoon();
    },
    onClose: (listener) => {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}
