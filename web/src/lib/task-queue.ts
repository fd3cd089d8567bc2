// Runs jobs one per task, so that work queued together does not become one long task: between two
// jobs the browser may paint, handle input and run other tasks. The listener app uses it to split
// its first render (behind the server's HTML) into parts (components/deferred.tsx).

export interface TaskQueue {
  /** Runs `job` in a task of its own, after the jobs added before it. */
  add(job: () => void): void;
  /**
   * Calls `callback` in a task after every job added so far and every job those add (directly or
   * in the render their state change causes, which runs in the job's microtasks) has run.
   */
  whenDone(callback: () => void): void;
  /** Jobs not yet run. */
  readonly pending: number;
}

/** A queue whose tasks are scheduled by `schedule` (a macrotask: the next job waits for it). */
export function createTaskQueue(schedule: (run: () => void) => void): TaskQueue {
  const jobs: (() => void)[] = [];
  let waiting: (() => void)[] = [];
  let scheduled = false;

  const plan = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(tick);
  };

  // One job per task. The callbacks wait for a task in which no job is left: a job's state change
  // renders in its microtasks, and components mounted by that render add their jobs there.
  function tick() {
    scheduled = false;
    const job = jobs.shift();
    if (job) {
      job();
      plan();
      return;
    }
    const callbacks = waiting;
    waiting = [];
    for (const callback of callbacks) callback();
  }

  return {
    add(job) {
      jobs.push(job);
      plan();
    },
    whenDone(callback) {
      waiting.push(callback);
      plan();
    },
    get pending() {
      return jobs.length;
    },
  };
}

/**
 * A new task for `run` without setTimeout's clamping (4 ms from the fifth nested timeout on): a
 * message on a MessageChannel, as schedulers do.
 */
export function nextTask(run: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}
