import { z } from 'zod';
import { DEFAULT_SAMPLE_SEED, sampleActivitySizes, type SampleActivityProgress, type SampleActivityStatus } from '../../../domain/contract/sample-activity';
import type { RouteTable } from '../context';
import { ApiError, json, readJsonObject, validate } from '../http';
import type { ShopDb } from '../storage/db';
import { FILLED_RESOURCES, fillSampleActivity } from './fill';
import { generatedCounts, removeSampleActivity, zeroCounts } from './removal';
import { readMarks } from './sample-marks';

/*
 * `/api/sample-activity` (docs/api.md "Sample activity"): fill the shop with a year of
 * generated activity, read how far a fill has got, remove what was generated.
 */

const fillBodySchema = z.strictObject({
  size: z.union(sampleActivitySizes.map((size) => z.literal(size)), { error: `size must be one of ${sampleActivitySizes.join(', ')}` }),
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
});

/** Why a shared team shop's copy is never filled: thousands of generated writes would go to every member. */
export const SHARED_SHOP_REFUSAL =
  'This is a shared team shop: sample activity would send thousands of generated records to every member, so it can be added only to your own data on this device';

/** The fill under way in each account database (by its name), as GET reports it. */
const running = new Map<string, SampleActivityProgress>();

function assertOwnShop(db: ShopDb): void {
  if (db.isShopCopy) throw new ApiError(409, SHARED_SHOP_REFUSAL);
}

function assertIdle(db: ShopDb): void {
  if (running.has(db.name)) throw new ApiError(409, 'Sample activity is being added already: wait until it has finished');
}

export const sampleActivityRoutes: RouteTable = {
  '/api/sample-activity': {
    /**
     * Whether the shop is filled (and with how many generated records still stored), and a
     * fill's progress. While a fill runs the counts are 0 (its progress says how far it is):
     * counting would wait behind its writes.
     */
    async GET({ db }) {
      const progress = running.get(db.name) ?? null;
      const marks = progress ? undefined : await readMarks(db);
      const status: SampleActivityStatus = {
        filled: progress !== null || marks !== undefined,
        counts: progress ? zeroCounts() : await generatedCounts(db),
        running: progress,
        unavailable: db.isShopCopy ? SHARED_SHOP_REFUSAL : null,
      };
      return json(status);
    },
    /**
     * `{ size: 2000 | 20000 | 100000, seed? }`: adds a year of activity, dated up to now. 201
     * `{ inserted, added: counts }`. 400 for another size; 409 in a shared shop, while a fill runs, and
     * when the shop is filled already (remove that first: a second fill would double it).
     */
    async POST({ db, request, changed }) {
      const { size, seed = DEFAULT_SAMPLE_SEED } = validate(fillBodySchema, await readJsonObject(request));
      assertOwnShop(db);
      assertIdle(db);
      if (await readMarks(db)) throw new ApiError(409, 'This shop has sample activity already: remove it first (Settings → Data)');
      running.set(db.name, { size, done: 0, total: 1, step: 'starting', count: 0 });
      try {
        const { counts: added, timing } = await fillSampleActivity(db, { size, seed, now: Date.now() }, (done, total, step, count) => running.set(db.name, { size, done, total, step, count }));
        // `inserted`: how many records in all (what the activity log counts for this write).
        return json({ inserted: Object.values(added).reduce((sum, n) => sum + n, 0), added }, 201, {
          'server-timing': Object.entries(timing).map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', '),
        });
      } finally {
        running.delete(db.name);
        // Announced however far it got: what was stored stays (and is marked for removal).
        for (const resource of FILLED_RESOURCES) changed(resource);
      }
    },
    /** Removes every generated record still stored, and only those: `{ removed: counts }`. 404 when the shop was not filled. */
    async DELETE({ db, changed }) {
      assertOwnShop(db);
      assertIdle(db);
      if (!(await readMarks(db))) throw new ApiError(404, 'This shop has no sample activity to remove');
      const removed = await removeSampleActivity(db);
      for (const resource of FILLED_RESOURCES) changed(resource);
      return json({ removed });
    },
  },
};
