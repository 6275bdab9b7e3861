import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { tokenFor, type TestUser } from './support';

/** An open event stream: the versions it has announced, and a wait for the next one past a version. */
export async function openStream(app: FastifyInstance, shopId: string, user: TestUser) {
  const { port } = app.server.address() as AddressInfo;
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/v1/shops/${shopId}/events`, { headers: { authorization: `Bearer ${tokenFor(user)}` }, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
  const versions: number[] = [];
  const waiters: Array<() => void> = [];
  void (async () => {
    try {
      for await (const event of serverSentEvents(response.body!)) {
        if (event.event === 'version' && event.data) versions.push((JSON.parse(event.data) as { version: number }).version);
        waiters.splice(0).forEach((wake) => wake());
      }
    } catch {
      // aborted
    }
  })();
  const next = async (past: number, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!versions.some((v) => v > past)) {
      if (Date.now() > deadline) throw new Error(`no version past ${past} (saw ${versions.join(', ')})`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return versions.find((v) => v > past)!;
  };
  return { versions, next, close: () => controller.abort() };
}

/** One server-sent event: its name (`message` when unnamed), its data, and the `retry:` it asked for. */
export interface ServerSentEvent {
  event: string;
  data: string;
  retryMs?: number;
}

/** The events of a text/event-stream body, as they arrive (comments and heartbeats are blocks too, with no data). */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: ServerSentEvent = { event: 'message', data: '' };
      for (const line of block.split('\n')) {
        if (line.startsWith('retry: ')) event.retryMs = Number(line.slice(7));
        else if (line.startsWith('event: ')) event.event = line.slice(7);
        else if (line.startsWith('data: ')) event.data += line.slice(6);
      }
      yield event;
    }
  }
}
