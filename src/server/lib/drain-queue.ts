/**
 * Work taken from the database one item at a time behind the request that created it: `kick()` starts draining and
 * returns at once (a kick while draining runs one more round, so nothing added meanwhile waits for the scheduler);
 * the scheduler's job calls `drainAll()` for what is left after a restart or another instance's crash. Subclasses
 * say how to take and do one item (`workOne`, false when there was none). Used by photo screening and photo
 * verification.
 */
export abstract class DrainQueue {
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  /** Takes and does one item; false when there was none. */
  protected abstract workOne(): Promise<boolean>;

  /** Starts draining behind the current request; returns at once. */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drainAll().finally(() => {
      this.draining = undefined;
    });
  }

  /** Does every item there is (the scheduler's job); resolves when none is left. */
  async drainAll(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped && (await this.workOne())) {}
    } while (this.again && !this.stopped);
  }

  /** Resolves when the draining started by kick() is over (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** No new rounds; resolves when the current one is over. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }
}
