import { send, type ServerLink } from './server-link';

/*
 * The shop's live events (GET {server}/v1/shops/:shopId/events, server-sent events). An
 * EventSource cannot send the Authorization header, so the stream is read with fetch and a
 * body reader. Each `version` event calls `onVersion`; the promise ends when the stream does
 * (the server closed it, the network dropped, or `signal` aborted).
 */
export async function listenForVersions(link: ServerLink, onVersion: (version: number) => void, signal: AbortSignal): Promise<void> {
  const response = await send(link, 'events', { signal, headers: { accept: 'text/event-stream' } });
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) return;
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const version = versionOf(block);
        if (version !== undefined) onVersion(version);
      }
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/** The version an SSE block announces (`event: version` / `data: {"version":N}`), if it is one. */
export function versionOf(block: string): number | undefined {
  const lines = block.split('\n');
  const event = lines.find((line) => line.startsWith('event:'))?.slice(6).trim();
  const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim()).join('\n');
  if (event !== 'version' || !data) return undefined;
  try {
    const version = (JSON.parse(data) as { version?: unknown }).version;
    return typeof version === 'number' ? version : undefined;
  } catch {
    return undefined;
  }
}
