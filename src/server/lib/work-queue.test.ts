import { describe, expect, it } from 'vitest';
import { QueueFull, WorkQueue } from './work-queue';

/** A task that runs until its `finish` (or `fail`) is called. */
function controlled() {
  let finish = () => {};
  let fail = (_err: Error) => {};
  const started = { value: false };
  const task = () =>
    new Promise<void>((resolve, reject) => {
      started.value = true;
      finish = resolve;
      fail = reject;
    });
  return { task, started, finish: () => finish(), fail: (err: Error) => fail(err) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkQueue', () => {
  it('runs at most `concurrent` tasks, queues `maxWaiting` in order and refuses the rest', async () => {
    const queue = new WorkQueue(2, 2);
    const tasks = Array.from({ length: 4 }, controlled);
    const runs = tasks.map((t) => queue.run(t.task));
    await tick();
    expect(tasks.map((t) => t.started.value)).toEqual([true, true, false, false]);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(QueueFull);

    tasks[1]!.finish();
    await tick();
    // The freed slot goes to the first waiting task.
    expect(tasks.map((t) => t.started.value)).toEqual([true, true, true, false]);
    expect([queue.running, queue.waiting]).toEqual([2, 1]);

    tasks[0]!.finish();
    tasks[2]!.finish();
    await tick();
    expect(tasks[3]!.started.value).toBe(true);
    tasks[3]!.finish();
    await Promise.all(runs);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
    expect(await queue.run(async () => 'again')).toBe('again');
  });

  it('frees the slot of a failing task and passes its error on', async () => {
    const queue = new WorkQueue(1, 1);
    const first = controlled();
    const second = controlled();
    const a = queue.run(first.task);
    const b = queue.run(second.task);
    await tick();
    first.fail(new Error('broken image'));
    await expect(a).rejects.toThrow('broken image');
    await tick();
    expect(second.started.value).toBe(true);
    second.finish();
    await b;
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });
});
