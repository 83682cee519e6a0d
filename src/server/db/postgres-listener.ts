import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

/**
 * One dedicated connection per process for LISTEN (a pooled connection would lose it). Reconnects
 * with back-off after a connection loss and listens again on every channel.
 */
export class PostgresListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private closed = false;
  private readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      const client = await this.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    await this.client?.end().catch(() => {});
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.openClient().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async openClient(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', () => this.reconnect(client, 0));
    client.on('end', () => this.reconnect(client, 0));
    await client.connect();
    this.client = client;
    return client;
  }

  private reconnect(lost: pg.Client, attempt: number): void {
    if (this.closed || this.client !== lost) return;
    this.client = undefined;
    const delay = Math.min(5000, 100 * 2 ** attempt);
    setTimeout(async () => {
      if (this.closed) return;
      try {
        const client = await this.connect();
        for (const channel of this.handlers.keys())
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch {
        this.reconnect(lost, attempt + 1);
      }
    }, delay).unref();
  }
}
