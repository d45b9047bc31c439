import { type LiveEvent, liveEventSchema } from '../../../src/contracts/live';

/** Reads a server-sent events stream over real HTTP and collects the `change` events. */
export class SseClient {
  readonly events: LiveEvent[] = [];
  /** Events other than `change` (e.g. the `reconnect` farewell of a server shutting down), in order. */
  readonly otherEvents: { event: string; data: string }[] = [];
  /** True once the server ended the stream. */
  ended = false;
  private readonly controller = new AbortController();
  private connected: Promise<void>;

  constructor(url: string) {
    this.connected = this.read(url);
  }

  private async read(url: string): Promise<void> {
    const response = await fetch(url, { signal: this.controller.signal });
    if (!response.ok || !response.body) throw new Error(`SSE connection failed: ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    let resolveReady: () => void = () => undefined;
    this.ready = new Promise((resolve) => {
      resolveReady = resolve;
    });
    void (async () => {
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes(': connected')) resolveReady();
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            const name = /^event: (.+)$/m.exec(block)?.[1];
            if (name === 'change' && data) this.events.push(liveEventSchema.parse(JSON.parse(data)));
            else if (name) this.otherEvents.push({ event: name, data });
            end = buffer.indexOf('\n\n');
          }
        }
        this.ended = true;
      } catch {
        // aborted
      }
    })();
    await this.ready;
  }

  private ready: Promise<void> = Promise.resolve();

  /** Waits until the stream is open, so nothing published afterwards can be missed. */
  waitUntilConnected(): Promise<void> {
    return this.connected;
  }

  async waitFor(predicate: (event: LiveEvent) => boolean, timeoutMs = 3_000): Promise<LiveEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching live event within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.controller.abort();
  }
}
