import { it } from 'vitest';
import { createTestApp, signIn } from '../helpers/test-app.js';
import { replaceWithBenchFilters } from '../../src/modules/filters/delivery-bench.js';
import { ActiveFilterCache } from '../../src/modules/filters/active-filter-cache.js';
import { filterRevision } from '../../src/modules/filters/repository.js';
import { planFilters } from '../../src/modules/filters/engine/evaluate.js';
import { filterableFromIncoming } from '../../src/modules/filters/message-source.js';
import { incoming } from './helpers.js';
it('bench2', async () => {
  const ctx = await createTestApp();
  const u = await signIn(ctx.app, 'bench@postline.local', 'b');
  await replaceWithBenchFilters(ctx.db.database, u.user.id, 100);
  const cache = new ActiveFilterCache();
  const db = ctx.db.database.db;
  const msg = filterableFromIncoming(
    incoming({
      subject: '[release] 주간 release update 3',
      text: '안녕하세요, release 관련 안내입니다. Please review order #3 before Friday.\n'.repeat(40),
    }),
  );
  const time = async (label: string, fn: () => Promise<unknown> | unknown) => {
    for (let i = 0; i < 20; i++) await fn();
    const t = performance.now();
    for (let i = 0; i < 200; i++) await fn();
    console.log(process.env.POSTLINE_TEST_DB ?? 'pglite', label, ((performance.now() - t) / 200).toFixed(3));
  };
  const list = await cache.load(db, u.user.id);
  await time('stamp', () => filterRevision(db, u.user.id));
  await time('cache.load', () => cache.load(db, u.user.id));
  await time('plan', () => planFilters(list, msg));
  await time('select 1', () => ctx.db.database.ping());
  await ctx.close();
}, 600_000);
