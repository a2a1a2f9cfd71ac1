#!/usr/bin/env node
// Recipient autocomplete (issue 36): GET /api/v1/contacts/suggest?q= for a user with 5,000
// contacts, 50,000 addresses seen in their mail and 50 groups, one request at a time, for what
// people type: one or two Latin letters, a longer prefix, a Korean syllable or two, Korean initial
// consonants (ㄱ, ㄱㅁ, ㄱㅁㅈ), an address prefix and a word found nowhere. Target: p99 under 20 ms.
//
// Sizes: SUGGEST_CONTACTS (5000), SUGGEST_SEEN (50000), SUGGEST_REQUESTS (per query, 200).
import path from 'node:path';
import { percentile, root, table } from './lib.mjs';
import {
  benchDatabase,
  envInt,
  loadAverage,
  machineLine,
  mockLogin,
  ms,
  sorted,
  startBenchServer,
} from './harness.mjs';
import { openSqlRunner } from './fill-mailbox.mjs';
import { httpPool, sequential } from './http-load.mjs';

const CONTACTS = envInt('SUGGEST_CONTACTS', 5000);
const SEEN = envInt('SUGGEST_SEEN', 50_000);
const GROUPS = 50;
const REQUESTS = envInt('SUGGEST_REQUESTS', 200);
const DECAY = 14 * 24 * 3600;

const QUERIES = ['a', 'mi', 'minseo', '김', '김민', 'ㄱ', 'ㄱㅁ', 'ㄱㅁㅈ', 'ㅇㅅ', 'park.j', 'zzzq'];

const { nameKeysOf } = await import(path.join(root, 'apps/server/dist/modules/contacts/search-keys.js'));

const FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권'];
const GIVEN = [
  '민',
  '서',
  '지',
  '현',
  '수',
  '준',
  '연',
  '우',
  '은',
  '하',
  '도',
  '윤',
  '예',
  '진',
  '소',
  '영',
];
const LATIN_GIVEN = [
  'min',
  'seo',
  'ji',
  'hyun',
  'su',
  'jun',
  'alex',
  'emma',
  'david',
  'sara',
  'mike',
  'anna',
];
const LATIN_FAMILY = ['kim', 'lee', 'park', 'choi', 'jung', 'kang', 'smith', 'brown', 'jones', 'miller'];
const DOMAINS = ['example.com', 'corp.example', 'mail.example', 'school.example', 'shop.example'];

// A small deterministic generator: every run fills the same data.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (list) => list[Math.floor(random() * list.length)];

/** Half Korean, half Latin names; each address unique by its number. */
function person(n) {
  const latinGiven = pick(LATIN_GIVEN);
  const latinFamily = pick(LATIN_FAMILY);
  const korean = random() < 0.5;
  const name = korean ? `${pick(FAMILY)}${pick(GIVEN)}${pick(GIVEN)}` : `${latinGiven} ${latinFamily}`;
  const address = `${latinFamily}.${latinGiven}${n}@${pick(DOMAINS)}`;
  return { name: random() < 0.15 ? null : name, address };
}

const quote = (text) => (text === null ? 'NULL' : `'${String(text).replaceAll("'", "''")}'`);

async function fill(runner, userId) {
  for (let start = 0; start < SEEN; start += 2000) {
    const values = Array.from({ length: Math.min(2000, SEEN - start) }, (_, i) => {
      // The first addresses are the contacts' own: a contact is also someone one writes to.
      const { name, address } = person(start + i < CONTACTS / 2 ? start + i : CONTACTS + start + i);
      const keys = nameKeysOf(name);
      const times = 1 + Math.floor(random() ** 3 * 60);
      return `(${userId}, ${quote(address)}, ${quote(name)}, ${quote(keys.nameKey)}, ${quote(keys.nameRest)}, ${quote(keys.initials)}, ${times}, now() - (${random().toFixed(4)} * interval '700 days'))`;
    });
    await runner.query(`
      INSERT INTO contact_seen_addresses (user_id, address, name, name_key, name_rest, initials, times, last_seen, rank)
      SELECT v.user_id, v.address, v.name, v.name_key, v.name_rest, v.initials, v.times, v.last_seen,
        ln(1 + v.times) + extract(epoch FROM v.last_seen) / ${DECAY}
      FROM (VALUES ${values.join(', ')}) AS v (user_id, address, name, name_key, name_rest, initials, times, last_seen)
      ON CONFLICT DO NOTHING`);
  }
  // Reset: the contacts are the same people as the first seen addresses.
  seed = 42;
  for (let start = 0; start < CONTACTS; start += 1000) {
    const people = Array.from({ length: Math.min(1000, CONTACTS - start) }, (_, i) => person(start + i));
    const rows = people.map(({ name, address }) => ({ name: name ?? address.split('@')[0], address }));
    const values = rows.map(({ name }) => {
      const keys = nameKeysOf(name);
      return `(${userId}, ${quote(name)}, ${quote(keys.nameKey)}, ${quote(keys.nameRest)}, ${quote(keys.initials)}, now() - (random() * interval '400 days'))`;
    });
    const ids = await runner.query(
      `INSERT INTO contacts (user_id, name, name_key, name_rest, initials, updated_at) VALUES ${values.join(', ')} RETURNING id, updated_at`,
    );
    const addresses = rows.map(({ name, address }, i) => {
      const keys = nameKeysOf(name);
      return `(${ids[i].id}, 0, ${userId}, ${quote(address)}, ${quote(name)}, ${quote(keys.nameKey)}, ${quote(keys.nameRest)}, ${quote(keys.initials)}, '${new Date(ids[i].updated_at).toISOString()}'::timestamptz)`;
    });
    await runner.query(`
      INSERT INTO contact_addresses (contact_id, position, user_id, address, name, name_key, name_rest, initials, rank)
      SELECT v.contact_id, v.position, v.user_id, v.address, v.name, v.name_key, v.name_rest, v.initials,
        coalesce((SELECT s.rank FROM contact_seen_addresses s WHERE s.user_id = v.user_id AND s.address = v.address),
          ln(2) + extract(epoch FROM v.saved) / ${DECAY}) + 1
      FROM (VALUES ${addresses.join(', ')}) AS v (contact_id, position, user_id, address, name, name_key, name_rest, initials, saved)`);
  }
  for (let g = 0; g < GROUPS; g++) {
    const name = `${pick(['개발', '디자인', '영업', '가족', 'Team', 'Project'])} ${g}`;
    const keys = nameKeysOf(name);
    const [group] = await runner.query(
      `INSERT INTO contact_groups (user_id, name, name_key, initials) VALUES (${userId}, ${quote(name)}, ${quote(keys.nameKey)}, ${quote(keys.initials)}) RETURNING id`,
    );
    await runner.query(`
      INSERT INTO contact_group_members (group_id, contact_id)
      SELECT ${group.id}, id FROM contacts WHERE user_id = ${userId} ORDER BY random() LIMIT 8`);
  }
  // Every message the user has is folded: the measured requests are the steady state.
  await runner.query(`
    INSERT INTO contact_seen_progress (user_id, last_message_id)
    SELECT ${userId}, coalesce(max(id), 0) FROM messages
    ON CONFLICT (user_id) DO UPDATE SET last_message_id = excluded.last_message_id`);
  await runner.query('ANALYZE');
}

/** suggest() of the server's code in this process, on the filled database: the SQL's own time. */
async function inProcess(database, userId) {
  const { openDatabase } = await import(path.join(root, 'apps/server/dist/db/client.js'));
  const { suggest } = await import(path.join(root, 'apps/server/dist/modules/contacts/suggest.js'));
  const opened = await openDatabase(
    database.url ? { databaseUrl: database.url, dataDir: database.dataDir } : { dataDir: database.dataDir },
  );
  const rows = [];
  try {
    for (const q of QUERIES) {
      for (let i = 0; i < 3; i++) await suggest(opened.db, userId, q, 8);
      const lat = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        await suggest(opened.db, userId, q, 8);
        lat.push(performance.now() - t0);
      }
      const s = sorted(lat);
      rows.push({ q, 'p50 (ms)': ms(percentile(s, 50)), 'p99 (ms)': ms(percentile(s, 99)) });
    }
    if (process.env.SUGGEST_EXPLAIN === '1') {
      const { sql } = await import('drizzle-orm');
      const { foldQuery, prefixPattern } = await import(
        path.join(root, 'apps/server/dist/modules/contacts/search-keys.js')
      );
      const { sourceStatements } = await import(
        path.join(root, 'apps/server/dist/modules/contacts/suggest.js')
      );
      for (const q of (process.env.SUGGEST_EXPLAIN_QUERIES ?? 'a,ㄱㅁㅈ').split(',')) {
        for (const source of ['contact_addresses', 'contact_seen_addresses']) {
          const statements = sourceStatements(source, userId, prefixPattern(foldQuery(q)), 16);
          for (const [way, statement] of Object.entries(statements)) {
            const plan = await opened.db.execute(sql`EXPLAIN ANALYZE ${statement}`);
            console.log(`\n${q} ${source} ${way}:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
          }
        }
      }
    }
  } finally {
    await opened.close();
  }
  return rows;
}

const database = await benchDatabase();
console.log(machineLine(database.label));
console.log(
  `sizes: ${CONTACTS} contacts, ${SEEN} seen addresses, ${GROUPS} groups, ${REQUESTS} requests per query`,
);
const email = 'bench-contacts@postline.local';
let server = await startBenchServer(database);
const pool = { current: null };
try {
  const { user } = await mockLogin(server.base, email, '벤치');
  if (!database.url) await server.stop();
  const runner = await openSqlRunner(database);
  const started = performance.now();
  try {
    await fill(runner, user.id);
  } finally {
    await runner.close();
  }
  console.log(`filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (!database.url) server = await startBenchServer(database);
  const { token } = await mockLogin(server.base, email, '벤치');
  pool.current = httpPool(server.base, 1);
  const rows = [];
  const all = [];
  for (const q of QUERIES) {
    const pathFor = () => `/api/v1/contacts/suggest?q=${encodeURIComponent(q)}`;
    await sequential({ pool: pool.current, token, count: 3, pathFor });
    const result = await sequential({ pool: pool.current, token, count: REQUESTS, pathFor });
    const lat = sorted(result.latencies);
    all.push(...lat);
    rows.push({
      q,
      suggestions: JSON.parse(result.lastBody).data.items.length,
      requests: lat.length,
      'p50 (ms)': ms(percentile(lat, 50)),
      'p99 (ms)': ms(percentile(lat, 99)),
      load: loadAverage(),
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
  const lat = sorted(all);
  rows.push({
    q: 'all',
    suggestions: '',
    requests: lat.length,
    'p50 (ms)': ms(percentile(lat, 50)),
    'p99 (ms)': ms(percentile(lat, 99)),
    load: loadAverage(),
  });
  console.log('\nGET /api/v1/contacts/suggest?q=… (limit 8):');
  console.log(table(rows));
  if (!database.url) await server.stop();
  console.log('\nsuggest() in this process, without HTTP and sign-in (the statements alone):');
  console.log(table(await inProcess(database, user.id)));
  if (!database.url) server = await startBenchServer(database);
} finally {
  await pool.current?.close();
  await server.stop();
  await database.cleanup();
}
