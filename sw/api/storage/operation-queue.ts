/** Operations run one after another, in the order they were asked for (a store's reads and writes). */
export class OperationQueue {
  private tail: Promise<unknown> = Promise.resolve();
  /** Operations queued or running. */
  pending = 0;

  run<R>(operation: () => Promise<R>): Promise<R> {
    this.pending++;
    const run = this.tail.then(operation, operation).finally(() => this.pending--);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Runs `work` after the operations queued now; its failure is dropped (it only costs speed). */
  afterwards(work: () => Promise<void>): void {
    void this.run(work).catch(() => undefined);
  }
}
