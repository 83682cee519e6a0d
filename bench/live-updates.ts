/**
 * Issue 31 §4: live-update latency is the time from sending a save to ANOTHER subscriber of the
 * same record receiving an update that carries it (its version or a later one: the server folds
 * a burst of saves into one read). With two editors per record, each save is watched on the
 * partner's subscription; with one, on the saver's own. The update may reach the watcher before
 * the save's answer reaches the saver, so deliveries are remembered for a while.
 */
export class RecordLiveUpdates {
  private readonly deliveries: { version: number; at: number }[][];
  private waiting: { watcher: number; version: number; sentAt: number }[] = [];

  private readonly subscribers: number;
  private readonly sample: (latencyMs: number, sentAt: number, at: number) => void;

  constructor(subscribers: number, sample: (latencyMs: number, sentAt: number, at: number) => void) {
    this.subscribers = subscribers;
    this.sample = sample;
    this.deliveries = Array.from({ length: subscribers }, () => []);
  }

  /** The subscriber that watches `saver`'s saves: its partner, or itself when alone. */
  watcherOf(saver: number): number {
    return this.subscribers > 1 ? (saver + 1) % this.subscribers : saver;
  }

  /** `saver`'s save sent at `sentAt` was answered with `version`. */
  answered(saver: number, version: number, sentAt: number): void {
    const watcher = this.watcherOf(saver);
    const seen = this.deliveries[watcher]?.find((delivery) => delivery.version >= version);
    if (seen) this.sample(Math.max(0, seen.at - sentAt), sentAt, seen.at);
    else this.waiting.push({ watcher, version, sentAt });
  }

  /** `subscriber`'s subscription delivered `version` at `at`. */
  delivered(subscriber: number, version: number, at: number): void {
    const log = this.deliveries[subscriber];
    if (!log) return;
    log.push({ version, at });
    if (log.length > 8) log.shift();
    this.waiting = this.waiting.filter((wait) => {
      if (wait.watcher !== subscriber || wait.version > version) return true;
      this.sample(at - wait.sentAt, wait.sentAt, at);
      return false;
    });
  }

  /** Saves whose update had not reached their watcher `graceMs` after they were sent. */
  undelivered(now: number, graceMs: number): number {
    return this.waiting.filter((wait) => now - wait.sentAt > graceMs).length;
  }
}
