import { Resolver } from 'node:dns/promises';

/*
 * The server's own DNS resolver for sender checks (SPF, DKIM, DMARC, ARC): bounded time, its own
 * servers when DNS_SERVERS says so, and a small cache so a burst of mail from one domain asks once.
 * Errors keep node's codes: ENOTFOUND and ENODATA mean "no such record" (a `none` verdict), any
 * other one is a temporary failure (`temperror`), never a reason to lose mail.
 */

export interface DnsResolverOptions {
  /** "ip" or "ip:port" entries; empty means the machine's resolvers. */
  servers?: string[];
  /** Per query; a slow resolver costs the sender at most this (times `tries`). */
  timeoutMs?: number;
  tries?: number;
  /** How long answers (and "no such record") are kept. */
  cacheTtlMs?: number;
  cacheEntries?: number;
}

/** The resolve(name, rrtype) shape mailauth calls. */
export type DnsResolve = (name: string, rrtype: string) => Promise<unknown>;

interface Entry {
  expires: number;
  value?: unknown;
  error?: NodeJS.ErrnoException;
}

const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

export function createDnsResolver(options: DnsResolverOptions = {}): DnsResolve & { clear(): void } {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3_000, tries: options.tries ?? 2 });
  if (options.servers && options.servers.length > 0) resolver.setServers(options.servers);
  const ttl = options.cacheTtlMs ?? 5 * 60_000;
  const max = options.cacheEntries ?? 5_000;
  const cache = new Map<string, Entry>();

  const remember = (key: string, entry: Entry) => {
    cache.delete(key);
    cache.set(key, entry);
    // A Map keeps insertion order: the first key is the one used longest ago.
    if (cache.size > max) cache.delete(cache.keys().next().value as string);
  };

  const resolve = (async (name: string, rrtype: string) => {
    const key = `${rrtype.toUpperCase()} ${name.toLowerCase()}`;
    const held = cache.get(key);
    if (held && held.expires > Date.now()) {
      remember(key, held);
      if (held.error) throw held.error;
      return held.value;
    }
    try {
      const value = await resolver.resolve(name, rrtype);
      remember(key, { expires: Date.now() + ttl, value });
      return value;
    } catch (error) {
      const failure = error as NodeJS.ErrnoException;
      // Only "no such record" is worth keeping; a timeout may pass.
      if (failure.code && ABSENT.has(failure.code))
        remember(key, { expires: Date.now() + ttl, error: failure });
      throw failure;
    }
  }) as DnsResolve & { clear(): void };
  resolve.clear = () => cache.clear();
  return resolve;
}
