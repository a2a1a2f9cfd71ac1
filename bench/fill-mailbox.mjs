// Over 300 lines on purpose: the one way every benchmark fills a mailbox (users, messages, search
// vectors, indexes), on either database.
// Fills one user's inbox with many realistic messages straight through SQL, fast: the message
// indexes are dropped, the rows inserted with one INSERT … SELECT generate_series, and the indexes
// built again from their own definitions (a bulk build beats row-by-row GIN updates by far).
// Known search words are planted at known rates so search.mjs can ask for selective and common ones.
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchDatabase, machineLine, mockLogin, startBenchServer } from './harness.mjs';
import { root } from './lib.mjs';

/** Words and how often each is planted; counts are checked after the fill. */
export const PLANTED = {
  koreanSelective: '반딧불이',
  latinSelective: 'xylophone',
  korean2Selective: '벚꽃',
  koreanCommon: '회의록',
  latinCommon: 'invoice',
  korean2Common: '결재',
  // Gmail operators with a 2-character word (issue 14); the sender and attachments are planted below.
  operatorQuery: 'from:minjun has:attachment after:2026-01-01 견적',
};

const SUBJECT_PREFIXES = [
  '[공지] ',
  '[회신] ',
  'RE: ',
  'FW: ',
  '[프로젝트 알파] ',
  '[Weekly] ',
  '',
  '[인사팀] ',
];
const SUBJECT_TOPICS = [
  '3분기 예산 검토 요청',
  'Quarterly budget review',
  '신규 입사자 온보딩 일정',
  'Release 2.4 notes',
  '서버 점검 안내',
  'Lunch on Friday?',
  '고객 미팅 자료 공유',
  'Design review feedback',
  '보안 교육 이수 안내',
  'Travel expense report',
  '주간 업무 보고',
  'Contract renewal draft',
];
const SENDERS = [
  ['김민준', 'minjun.kim@example.co.kr'],
  ['이서연', 'seoyeon.lee@example.co.kr'],
  ['John Smith', 'john.smith@example.com'],
  ['박지훈', 'jihoon.park@example.co.kr'],
  ['Emily Chen', 'emily.chen@example.org'],
  ['최수아', 'sua.choi@example.co.kr'],
  ['GitHub', 'noreply@github.example.com'],
  ['정우진', 'woojin.jung@example.co.kr'],
  ['Sarah Johnson', 'sarah.j@example.net'],
  ['한국전력', 'notice@kepco.example.kr'],
];
const PARAGRAPHS = [
  '안녕하세요. 지난주에 말씀드린 일정 관련하여 다시 연락드립니다. 담당자분들께서는 첨부된 자료를 확인하시고 수요일까지 의견을 회신해 주시기 바랍니다.',
  'Hi team, please find the updated numbers below. The forecast moved slightly after the last review, mostly because of the delayed shipment in October.',
  '이번 분기 목표 대비 실적은 예상보다 조금 높게 나왔습니다. 다만 마케팅 비용이 늘어난 부분은 다음 회의에서 따로 논의가 필요해 보입니다.',
  'Thanks for the quick turnaround. I left a few comments on the second draft; nothing blocking, but the wording of section three could be clearer.',
  '시스템 점검은 토요일 새벽 두 시부터 네 시까지 진행됩니다. 점검 중에는 일부 서비스 이용이 제한될 수 있으니 미리 작업을 저장해 주세요.',
  'Reminder: the office will be closed on Monday for the public holiday. Support requests will be answered on Tuesday morning.',
  '요청하신 견적서를 다시 보내드립니다. 수량이 변경되어 단가가 조정되었으니 확인 부탁드리며, 궁금하신 점은 언제든 문의해 주세요.',
  'Could we move our sync to 3 pm? Something came up in the morning. If that does not work, Thursday at the same time is also fine for me.',
];

/**
 * Messages per conversation (issue 36): each run of THREAD_SIZE neighbours, one sender, one thread
 * (FILL_THREAD_SIZE, 3 by default).
 */
const THREAD_SIZE = Math.max(1, Number(process.env.FILL_THREAD_SIZE ?? 3));

function sqlText(value) {
  return `'${value.replace(/'/g, "''")}'`;
}
function sqlArray(values) {
  return `ARRAY[${values.map(sqlText).join(', ')}]`;
}

/**
 * A way to run SQL on the run's database: PostgreSQL over pg, or PGlite through the server's own
 * openDatabase (the server must be stopped: the data folder is locked while it runs).
 */
export async function openSqlRunner(database) {
  if (database.url) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    return {
      query: async (text) => (await client.query(text)).rows,
      close: () => client.end(),
      // PostgreSQL runs each connection on its own core: the fill splits its work over several.
      fork: () => openSqlRunner(database),
    };
  }
  const { openDatabase } = await import(path.join(root, 'apps/server/dist/db/client.js'));
  const { sql } = await import('drizzle-orm');
  const opened = await openDatabase({ dataDir: database.dataDir });
  return {
    query: async (text) => (await opened.db.execute(sql.raw(text))).rows,
    close: () => opened.close(),
  };
}

/**
 * Runs `work` for each item on `runner` and, where the database takes several connections
 * (runner.fork), on one more connection per further core, each taking the next item when free.
 */
async function onEveryCore(runner, items, work) {
  const extra = runner.fork
    ? await Promise.all(Array.from({ length: os.cpus().length - 1 }, runner.fork))
    : [];
  const queue = [...items];
  try {
    await Promise.all(
      [runner, ...extra].map(async (r) => {
        while (queue.length > 0) await work(r, queue.shift());
      }),
    );
  } finally {
    await Promise.all(extra.map((r) => r.close()));
  }
}

/**
 * Writes the search columns of the user's messages that lack them, as the server writes them with
 * every stored row (apps/server/src/mail/format/search-vector.ts), in slices of ids on every core.
 */
async function fillSearchColumns(runner, userId) {
  const { searchColumnsOf } = await import(path.join(root, 'apps/server/dist/mail/format/search-vector.js'));
  const [{ low, high }] = await runner.query(
    `SELECT min(id) AS low, max(id) AS high FROM messages WHERE user_id = ${userId} AND search_vector IS NULL`,
  );
  if (low === null) return;
  const SLICE = 2_000;
  const slices = [];
  for (let from = Number(low); from <= Number(high); from += SLICE) slices.push(from);
  await onEveryCore(runner, slices, async (r, from) => {
    const rows = await r.query(`
      SELECT id, subject, from_address AS "fromAddress", from_name AS "fromName", to_text AS "toText",
        body_text AS "bodyText"
      FROM messages WHERE user_id = ${userId} AND search_vector IS NULL AND id >= ${from} AND id < ${from + SLICE}`);
    if (rows.length === 0) return;
    const values = rows.map((row) => {
      const columns = searchColumnsOf(row);
      return `(${row.id}, ${sqlText(columns.searchVector)}::tsvector, ${columns.searchInexact})`;
    });
    await r.query(`UPDATE messages AS m SET search_vector = v.vector, search_inexact = v.inexact
      FROM (VALUES ${values.join(', ')}) AS v (id, vector, inexact) WHERE m.id = v.id`);
  });
}

/** Inserts `count` messages into the user's mailbox and brings its counts and statistics up to date. */
export async function fillMailbox(runner, { userId, mailboxId, count, log = () => undefined }) {
  // About ten messages carry each selective word, 30 % each common one.
  const every = Math.max(1, Math.floor(count / 10));
  const indexes = await runner.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'messages' AND indexname NOT LIKE '%_pkey'`,
  );
  // The conversation triggers (0024) look each row up by index; without the indexes that would be a
  // scan per row. Off for the fill: the rows name their threads, and their heads are written once.
  const triggers = await runner.query(
    `SELECT tgname FROM pg_trigger WHERE tgrelid = 'messages'::regclass AND tgname LIKE 'messages\\_conversation\\_%insert'`,
  );
  for (const { tgname } of triggers) await runner.query(`ALTER TABLE messages DISABLE TRIGGER ${tgname}`);
  let t = performance.now();
  for (const { indexname } of indexes) await runner.query(`DROP INDEX ${indexname}`);
  const senderNames = sqlArray(SENDERS.map((s) => s[0]));
  const senderAddresses = sqlArray(SENDERS.map((s) => s[1]));
  const paragraphs = sqlArray(PARAGRAPHS);
  const p = (expr) => `(${paragraphs})[1 + (${expr}) % ${PARAGRAPHS.length}]`;
  const planted = `concat_ws(' ',
      CASE WHEN g % ${every} = 17 % ${every} THEN '${PLANTED.koreanSelective}이 보이는 밤 산책 모임 안내입니다.' END,
      CASE WHEN g % ${every} = 29 % ${every} THEN 'The ${PLANTED.latinSelective} lesson moved to room 4.' END,
      CASE WHEN g % ${every} = 41 % ${every} THEN '${PLANTED.korean2Selective} 구경 가실 분 계신가요?' END,
      CASE WHEN g % 10 IN (0, 1, 2) THEN '지난 ${PLANTED.koreanCommon} 첨부합니다.' END,
      CASE WHEN g % 10 IN (3, 4, 5) THEN 'The ${PLANTED.latinCommon} for this month is attached.' END,
      CASE WHEN g % 10 IN (6, 7, 8) THEN '${PLANTED.korean2Common} 부탁드립니다.' END)`;
  // One time for every slice: now() is each connection's own.
  const [{ t: start }] = await runner.query(`SELECT now()::text AS t`);
  // Rows g in [from, to], in slices on every core at once.
  const insertSlice = (r, [from, to]) =>
    r.query(`
    INSERT INTO messages (user_id, mailbox_id, message_id_header, thread_id, subject, from_address,
      from_name, to_addresses, to_text, body_text, preview, is_read, is_starred, has_attachments,
      attachment_count, size_bytes, received_at, sent_at)
    SELECT ${userId}, ${mailboxId}, mid, '<bench-' || (g - g % ${THREAD_SIZE}) || '@example.com>', subject, (${senderAddresses})[1 + (g / 3) % ${SENDERS.length}],
      (${senderNames})[1 + (g / 3) % ${SENDERS.length}],
      '[{"address":"bench-list@postline.local","name":"벤치"}]'::jsonb,
      '벤치 <bench-list@postline.local>', body, left(regexp_replace(body, '\\s+', ' ', 'g'), 200),
      g % 3 <> 0, g % 50 = 0, g % 5 = 0, (g % 5 = 0)::int, octet_length(body) + 600, at,
      at - interval '5 seconds'
    FROM (
      SELECT g, '<bench-' || g || '@example.com>' AS mid,
        (${sqlArray(SUBJECT_PREFIXES)})[1 + g % ${SUBJECT_PREFIXES.length}]
          || (${sqlArray(SUBJECT_TOPICS)})[1 + (g / ${SUBJECT_PREFIXES.length}) % ${SUBJECT_TOPICS.length}] AS subject,
        ${p('g')} || E'\\n\\n' || ${p('g / 8 + 3')} || E'\\n\\n' || ${planted} || E'\\n\\n' || ${p('g / 64 + 5')} AS body,
        timestamptz '${start}' - g * interval '30 seconds' AS at
      FROM generate_series(${from}, ${to}) AS g
    ) AS src`);
  const SLICE = 25_000;
  const slices = [];
  for (let from = 1; from <= count; from += SLICE) slices.push([from, Math.min(count, from + SLICE - 1)]);
  await onEveryCore(runner, slices, insertSlice);
  log(`  inserted ${count} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  if (triggers.length > 0) {
    await runner.query(`INSERT INTO conversation_heads (user_id, mailbox_id, thread_id, message_id, received_at)
      SELECT DISTINCT ON (mailbox_id, thread_id) user_id, mailbox_id, thread_id, id, received_at
      FROM messages WHERE user_id = ${userId} ORDER BY mailbox_id, thread_id, received_at DESC, id DESC
      ON CONFLICT (mailbox_id, thread_id) DO UPDATE
        SET message_id = EXCLUDED.message_id, received_at = EXCLUDED.received_at`);
    await runner.query('VACUUM ANALYZE conversation_heads');
  }
  for (const { tgname } of triggers) await runner.query(`ALTER TABLE messages ENABLE TRIGGER ${tgname}`);
  t = performance.now();
  await fillSearchColumns(runner, userId);
  log(`  made their search vectors in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  await onEveryCore(runner, indexes, async (r, { indexdef }) => {
    await r.query(`SET maintenance_work_mem = '256MB'`);
    await r.query(indexdef);
  });
  log(`  rebuilt ${indexes.length} indexes in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await runner.query(`
    UPDATE mailboxes SET
      total_count = (SELECT count(*) FROM messages WHERE mailbox_id = ${mailboxId}),
      unread_count = (SELECT count(*) FROM messages WHERE mailbox_id = ${mailboxId} AND NOT is_read)
    WHERE id = ${mailboxId}`);
  t = performance.now();
  await runner.query('VACUUM ANALYZE messages');
  await runner.query('VACUUM ANALYZE mailboxes');
  log(`  VACUUM ANALYZE in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

/** Sizes of the table and of its text-search indexes, for the benchmark's report. */
export async function messageIndexSizes(runner) {
  const rows = await runner.query(`
    SELECT relname, pg_size_pretty(pg_relation_size(oid)) AS size FROM pg_class
    WHERE relname = 'messages' OR relname LIKE 'messages\\_%trgm\\_idx' OR relname = 'messages_search_vector_idx'
    ORDER BY relname`);
  return rows.map((r) => `${r.relname} ${r.size}`).join(', ');
}

/** How many of the user's messages contain each planted word (checked once, by a scan). */
export async function plantedCounts(runner, userId) {
  const columns = Object.entries(PLANTED)
    .filter(([key]) => key !== 'operatorQuery')
    .map(([key, word]) => `count(*) FILTER (WHERE body_text LIKE ${sqlText(`%${word}%`)}) AS "${key}"`)
    .join(', ');
  const [row] = await runner.query(
    `SELECT count(*) AS total, ${columns} FROM messages WHERE user_id = ${userId}`,
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

/** Messages the operator query should find, counted by a plain scan. */
async function operatorQueryCount(runner, userId) {
  const [row] = await runner.query(`
    SELECT count(*) AS n FROM messages WHERE user_id = ${userId} AND from_address LIKE '%minjun%'
      AND has_attachments AND received_at >= '2026-01-01' AND body_text LIKE '%견적%'`);
  return Number(row.n);
}

/** Whether pg_trgm makes trigrams of Korean text here (it does not under a C locale). */
export async function koreanTrigrams(runner) {
  const [row] = await runner.query(`SELECT show_trgm(${sqlText(PLANTED.koreanSelective)}) AS t`);
  const value = row.t;
  return Array.isArray(value)
    ? value.length
    : String(value).replace(/[{}]/g, '').split(',').filter(Boolean).length;
}

/**
 * Signs the user in, finds the inbox, fills it (stopping and restarting the server around the
 * fill on PGlite) and answers the running server, token, ids and planted-word counts. On failure
 * the server is stopped and the run's database dropped before the error goes on.
 */
export async function prepareBigMailbox({ database, start, login, count, log }) {
  let server;
  try {
    server = await start();
    let session = await login(server);
    const userId = session.user.id;
    // The PGlite data folder is locked while the server runs: fill it with the server stopped.
    if (!database.url) await server.stop();
    const runner = await openSqlRunner(database);
    let counts;
    let trigrams;
    let indexSizes;
    try {
      const [inbox] = await runner.query(
        `SELECT id FROM mailboxes WHERE user_id = ${userId} AND type = 'INBOX'`,
      );
      const started = performance.now();
      await fillMailbox(runner, { userId, mailboxId: inbox.id, count, log });
      log(`filled ${count} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      counts = await plantedCounts(runner, userId);
      counts.operatorQuery = await operatorQueryCount(runner, userId);
      trigrams = await koreanTrigrams(runner);
      indexSizes = await messageIndexSizes(runner);
    } finally {
      await runner.close();
    }
    if (!database.url) server = await start();
    // Anew after the fill: an access token lives 15 minutes, less than a fill of 1,000,000.
    session = await login(server);
    return { server, token: session.token, userId, counts, koreanTrigramCount: trigrams, indexSizes };
  } catch (error) {
    await server?.stop().catch(() => undefined);
    await database.cleanup().catch(() => undefined);
    throw error;
  }
}

/**
 * The start of the browser benches (web-routes, web-interactions, lighthouse): a fresh database,
 * the machine line, and `email`'s inbox filled with `count` messages on a running server.
 */
export async function prepareWebMailbox(count, email) {
  const database = await benchDatabase();
  console.log(machineLine(database.label));
  const prepared = await prepareBigMailbox({
    database,
    start: () => startBenchServer(database),
    login: (s) => mockLogin(s.base, email, '벤치'),
    count,
    log: (line) => console.log(line),
  });
  return { database, ...prepared };
}
