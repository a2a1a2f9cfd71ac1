// HTTP load shapes: open loop (requests start on a fixed schedule whatever the server does, and
// latency counts from the scheduled start, so a slow server cannot hide its queue), closed loop
// (N workers back to back: the maximum throughput) and one-at-a-time samples.
import { Pool } from 'undici';

export function httpPool(base, connections = 64) {
  return new Pool(base, { connections, pipelining: 1, headersTimeout: 15_000, bodyTimeout: 15_000 });
}

/** One GET; answers the latency in ms, throws on a status other than 200. */
export async function timedGet(pool, path, token) {
  const t0 = performance.now();
  const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } });
  const body = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode} ${body.slice(0, 200)}`);
  return { ms: performance.now() - t0, body };
}

/**
 * Starts `rate` requests per second for `seconds`, each at its scheduled time. Waits at most
 * `graceMs` after the last start for stragglers, which then count as failed.
 */
export async function openLoop({ pool, token, rate, seconds, pathFor, graceMs = 15_000 }) {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies = [];
  let failures = 0;
  let firstError = '';
  let started = 0;
  let done = 0;
  const begin = performance.now() + 20;
  await new Promise((resolve) => {
    const finish = () => {
      if (done === total) resolve();
    };
    const fire = (scheduled, i) => {
      pool
        .request({ method: 'GET', path: pathFor(i), headers: { authorization: `Bearer ${token}` } })
        .then(async (res) => {
          await res.body.dump();
          if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
          latencies.push(performance.now() - scheduled);
        })
        .catch((error) => {
          failures += 1;
          firstError ||= error.message;
        })
        .finally(() => {
          done += 1;
          finish();
        });
    };
    const tick = () => {
      const now = performance.now();
      while (started < total && begin + started * interval <= now) {
        fire(begin + started * interval, started);
        started += 1;
      }
      if (started < total) setTimeout(tick, 1);
      else
        setTimeout(() => {
          failures += total - done;
          done = total;
          resolve();
        }, graceMs).unref();
    };
    setTimeout(tick, 20);
  });
  const wallMs = performance.now() - begin;
  // Copies: a straggler finishing after the grace period must not change the figures.
  return { latencies: [...latencies], failures, firstError, total, wallMs };
}

/** `concurrency` workers back to back for `seconds`: the most the server answers per second. */
export async function closedLoop({ pool, token, concurrency, seconds, pathFor }) {
  const latencies = [];
  let failures = 0;
  let i = 0;
  const begin = performance.now();
  const end = begin + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const n = i;
      i += 1;
      try {
        latencies.push((await timedGet(pool, pathFor(n), token)).ms);
      } catch {
        failures += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallMs = performance.now() - begin;
  return { latencies, failures, wallMs, perSecond: latencies.length / (wallMs / 1000) };
}

/** `count` requests one after another (no queueing): the latency of the query itself. */
export async function sequential({ pool, token, count, pathFor, maxMs = 120_000 }) {
  const latencies = [];
  const end = performance.now() + maxMs;
  let lastBody = '';
  for (let n = 0; n < count && performance.now() < end; n += 1) {
    const { ms, body } = await timedGet(pool, pathFor(n), token);
    latencies.push(ms);
    lastBody = body;
  }
  return { latencies, lastBody };
}
