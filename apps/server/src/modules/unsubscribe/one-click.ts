import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * The one-click request (RFC 8058 §3.1): a POST of "List-Unsubscribe=One-Click" to the URL the
 * signed header names, made by the server so the reader's browser never visits the list's site.
 * It goes only to a public address: the host's addresses are checked as the connection is made
 * (no second lookup for an attacker's DNS to answer differently), a literal address before, and a
 * redirect is never followed (an answer 3xx is a failure). Written with node:http because fetch
 * cannot check the address it connects to.
 */

export type OneClickOutcome = 'done' | 'refusedAddress' | 'failed';

export interface OneClickOptions {
  /** Tests only (UNSUBSCRIBE_ALLOW_LOOPBACK): loopback addresses are allowed. */
  allowLoopback: boolean;
  timeoutMs: number;
}

class RefusedAddress extends Error {}

function allowed(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** dns.lookup that answers only public addresses (every one of them, or the lookup fails). */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      if (addresses.length === 0 || !addresses.every((a) => allowed(a.address, allowLoopback))) {
        return callback(new RefusedAddress(hostname), '', 4);
      }
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: typeof addresses) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

export function postOneClick(url: string, options: OneClickOptions): Promise<OneClickOutcome> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve('failed');
  }
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(literal) && !allowed(literal, options.allowLoopback))
    return Promise.resolve('refusedAddress');
  const body = 'List-Unsubscribe=One-Click';
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowLoopback),
        timeout: options.timeoutMs,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Postline (one-click unsubscribe, RFC 8058)',
        },
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        resolve(status >= 200 && status < 300 ? 'done' : 'failed');
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => resolve(error instanceof RefusedAddress ? 'refusedAddress' : 'failed'));
    request.end(body);
  });
}
