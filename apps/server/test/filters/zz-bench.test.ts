import { it } from 'vitest';
import { createTestApp, signIn } from '../helpers/test-app.js';
import { measureFilteredDelivery, replaceWithBenchFilters } from '../../src/modules/filters/delivery-bench.js';
it('bench', async () => {
  const ctx = await createTestApp();
  const u = await signIn(ctx.app, 'bench@postline.local', 'b');
  await measureFilteredDelivery(ctx.db.database, ctx.app.deliveryHooks, u.user.id, { messages: 50 });
  for (const n of [0, 10, 100, 0, 100]) {
    await replaceWithBenchFilters(ctx.db.database, u.user.id, n);
    const r = await measureFilteredDelivery(ctx.db.database, ctx.app.deliveryHooks, u.user.id, { messages: 300 });
    console.log(process.env.POSTLINE_TEST_DB ?? 'pglite', n, JSON.stringify(r));
  }
  await ctx.close();
}, 600_000);
