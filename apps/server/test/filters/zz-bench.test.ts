import { it } from 'vitest';
import { createTestApp, signIn } from '../helpers/test-app.js';
import {
  measureFilteredDelivery,
  replaceWithBenchFilters,
} from '../../src/modules/filters/delivery-bench.js';
it('bench', async () => {
  const ctx = await createTestApp();
  const users: Record<number, number> = {};
  for (const n of [0, 10, 100]) {
    const u = await signIn(ctx.app, `bench${n}@postline.local`, 'b');
    users[n] = u.user.id;
    await replaceWithBenchFilters(ctx.db.database, u.user.id, n);
  }
  const totals: Record<number, number> = { 0: 0, 10: 0, 100: 0 };
  for (let round = 0; round < 30; round++) {
    for (const n of [0, 10, 100]) {
      const r = await measureFilteredDelivery(ctx.db.database, ctx.app.deliveryHooks, users[n]!, {
        messages: 10,
      });
      if (round > 2) totals[n] += r.totalMs;
    }
  }
  console.log(
    process.env.POSTLINE_TEST_DB ?? 'pglite',
    JSON.stringify(totals),
    'ratio100',
    (totals[0]! / totals[100]!).toFixed(3),
    'ratio10',
    (totals[0]! / totals[10]!).toFixed(3),
  );
  await ctx.close();
}, 900_000);
