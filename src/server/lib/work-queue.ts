/** Thrown by WorkQueue.run when every slot is busy and the waiting line is full. */
export class QueueFull extends Error {
  constructor() {
    super('work queue full');
    this.name = 'QueueFull';
  }
}

/**
 * Runs at most `concurrent` tasks at a time; up to `maxWaiting` more wait their turn in arrival order, any further
 * task is refused at once with QueueFull (the caller answers "busy" instead of piling up work).
 */
export class WorkQueue {
  private active = 0;
  private readonly line: Array<() => void> = [];

  constructor(
    private readonly concurrent: number,
    private readonly maxWaiting: number,
  ) {}

  /** tasks running now */
  get running(): number {
    return this.active;
  }

  /** tasks waiting for a slot */
  get waiting(): number {
    return this.line.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrent) {
      this.active++;
    } else {
      if (this.line.length >= this.maxWaiting) throw new QueueFull();
      // The finishing task hands its slot over directly: `active` stays as it is.
      await new Promise<void>((resolve) => this.line.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.active--;
    }
  }
}
