import { describe, expect, it } from 'vitest';
import { createTaskQueue } from './task-queue';

/** A queue whose scheduled tasks are run by hand, one `step()` per task. */
function manualQueue() {
  const tasks: (() => void)[] = [];
  const queue = createTaskQueue((run) => tasks.push(run));
  const step = () => {
    const task = tasks.shift();
    if (!task) throw new Error('no task scheduled');
    task();
  };
  return { queue, tasks, step };
}

describe('createTaskQueue', () => {
  it('runs one job per task, in the order added', () => {
    const { queue, tasks, step } = manualQueue();
    const ran: string[] = [];
    queue.add(() => ran.push('a'));
    queue.add(() => ran.push('b'));
    expect(tasks).toHaveLength(1);
    expect(queue.pending).toBe(2);
    step();
    expect(ran).toEqual(['a']);
    step();
    expect(ran).toEqual(['a', 'b']);
    expect(queue.pending).toBe(0);
  });

  it('calls whenDone in a task after the last job, including jobs added by jobs', () => {
    const { queue, step, tasks } = manualQueue();
    const ran: string[] = [];
    queue.add(() => {
      ran.push('a');
      queue.add(() => ran.push('nested'));
    });
    queue.whenDone(() => ran.push('done'));
    step();
    step();
    expect(ran).toEqual(['a', 'nested']);
    step();
    expect(ran).toEqual(['a', 'nested', 'done']);
    expect(tasks).toHaveLength(0);
  });

  it('waits a task for whenDone even without jobs, so jobs added in the same task come first', () => {
    const { queue, step } = manualQueue();
    const ran: string[] = [];
    queue.whenDone(() => ran.push('done'));
    queue.add(() => ran.push('late'));
    step();
    expect(ran).toEqual(['late']);
    step();
    expect(ran).toEqual(['late', 'done']);
  });
});
