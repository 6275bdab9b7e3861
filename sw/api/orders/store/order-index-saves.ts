import type { Order } from '../../../../domain/schema/order';
import type { OperationQueue } from '../../storage/operation-queue';
import { HEAD_SIZE, type OrderIndexSnapshot } from './order-index-snapshot';
import type { SearchIndex } from '../../storage/search-index';

/**
 * How long the store must have had no write, and nothing queued, before the index is saved
 * in list order (the snapshot's parts: the whole index, so never between an import's calls).
 */
const PARTS_SAVE_DELAY_MS = 3_000;

/**
 * When an order store's index is saved (order-index-snapshot.ts) and what its loads and saves
 * took (Server-Timing values): after a build, and once writes have paused.
 */
export class OrderIndexSaves {
  /** The index build last followed up (each build is followed up once) and last reported. */
  private followedBuild = 0;
  private reportedBuild = 0;
  private partsSave: ReturnType<typeof setTimeout> | undefined;
  /** Writes committed (and replacements): a save of the parts started before one is not written. */
  private writes = 0;
  /** The last idle-time save's phases (ms), until reported (`takeSaveTiming`). */
  private partsSaved: { encode: number; wait: number; write: number; parts: number; entries: number } | null = null;

  constructor(
    private readonly index: SearchIndex<Order>,
    private readonly snapshot: OrderIndexSnapshot,
    private readonly queue: OperationQueue,
  ) {}

  /**
   * After the index is built (from the stored snapshot, or from every block when there is none
   * current): after a build from the blocks the whole snapshot is saved; after a load that
   * merged in blocks written since the parts were saved (or whose head ran short), the parts
   * and head: right after the current operation (in the queue, so no write comes between).
   */
  followBuild(): void {
    if (this.followedBuild === this.index.builds) return;
    this.followedBuild = this.index.builds;
    this.queue.afterwards(async () => {
      if (!this.index.isReady) return;
      if (this.index.builtFrom === 'rows') {
        await this.snapshot.save(this.index.listed());
        return;
      }
      // Blocks written since the parts were saved, or a head run short: save the parts (and head) again.
      const head = await this.snapshot.head();
      if (head && (head.dirty > 0 || head.parts === 0 || head.keys.length < Math.min(HEAD_SIZE, head.total) / 2)) {
        await this.snapshot.saveParts(this.index.listed());
      }
    });
  }

  /**
   * How the index was loaded since this was last asked (a Server-Timing value: reading the
   * stored records, decoding, laying out, ordering and indexing), or undefined.
   */
  takeLoadTiming(): string | undefined {
    if (this.reportedBuild === this.index.builds || !this.index.isReady) return undefined;
    this.reportedBuild = this.index.builds;
    const load = this.index.builtFrom === 'snapshot' ? this.snapshot.lastLoad : null;
    const phases = load
      ? [
          `snapshot-read;dur=${load.read.toFixed(1)};desc="${load.parts} parts, ${load.blocks} dirty blocks"`,
          `snapshot-decode;dur=${load.decode.toFixed(1)}`,
          `snapshot-merge;dur=${load.merge.toFixed(1)}`,
        ]
      : [];
    return [...phases, `index-install;dur=${this.index.installMs.toFixed(1)};desc="${this.index.builtFrom ?? ''}"`].join(', ');
  }

  /**
   * The last idle-time save of the index's parts (a Server-Timing value, once: encoding them
   * one at a time between other work, waiting for the queue, writing them), or undefined.
   */
  takeSaveTiming(): string | undefined {
    const saved = this.partsSaved;
    if (!saved) return undefined;
    this.partsSaved = null;
    return [
      `index-save-encode;dur=${saved.encode.toFixed(1)};desc="${saved.parts} parts, ${saved.entries} entries"`,
      `index-save-wait;dur=${saved.wait.toFixed(1)}`,
      `index-save-write;dur=${saved.write.toFixed(1)}`,
    ].join(', ');
  }

  /** A write committed: the parts are saved at the next pause. */
  written(): void {
    this.writes++;
    this.savePartsSoon();
  }

  /** Every order replaced: a save of the old index's parts that may be waiting is dropped. */
  replaced(): void {
    clearTimeout(this.partsSave);
    this.writes++;
  }

  /**
   * Saves the index in list order (the snapshot's parts: see order-index-snapshot.ts) once
   * writes have paused for PARTS_SAVE_DELAY_MS (an import's calls come closer together),
   * when the index is built. The parts are encoded outside the queue, one at a time, so
   * calls meanwhile are answered (at 1,000,000 orders encoding takes seconds); they are
   * written in the queue only if no write came since, else the save waits for the next pause.
   */
  private savePartsSoon(): void {
    if (!this.index.isReady) return;
    clearTimeout(this.partsSave);
    this.partsSave = setTimeout(() => {
      // Still busy (an import's next call queued or running): wait for a quiet moment.
      if (this.queue.pending > 0) {
        this.savePartsSoon();
        return;
      }
      if (!this.index.isReady) return;
      const started = performance.now();
      const listed = this.index.listed();
      const stamp = this.writes;
      void this.snapshot
        .encodeParts(listed)
        .then((records) => {
          if (!records) return;
          const encoded = performance.now();
          this.queue.afterwards(async () => {
            if (this.writes !== stamp || !this.index.isReady) return; // written meanwhile: that write's pause saves
            const writing = performance.now();
            if (!(await this.snapshot.writeParts(listed, records))) return;
            this.partsSaved = { encode: encoded - started, wait: writing - encoded, write: performance.now() - writing, parts: records.length, entries: listed.length };
          });
        })
        .catch(() => undefined);
    }, PARTS_SAVE_DELAY_MS);
  }
}
