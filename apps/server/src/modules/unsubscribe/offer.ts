import type { MessageAuthentication } from '@postline/shared/messages';
import type { UnsubscribeOffer } from '@postline/shared/unsubscribe';

/*
 * What a message offers for unsubscribing (RFC 2369 List-Unsubscribe, RFC 8058 one click), read from
 * the headers stored with it and the sender checks' verdict made at delivery. Only a header that the
 * passing DKIM signature covers counts: anyone can write List-Unsubscribe into a mail, and a button
 * that posts to a stranger's address on the reader's behalf is an attack, not a feature.
 */

const NONE: UnsubscribeOffer = { method: null, domain: null, mailto: null, link: null };

/** The tags of one DKIM-Signature value (RFC 6376 §3.2: tag=value; …), names in lower case. */
function dkimTags(value: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of value.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).replace(/\s+/g, ''));
  }
  return tags;
}

/** The header names the passing signature of `domain` covers, in lower case (empty: none passed). */
export function signedHeaders(
  headers: Record<string, string>,
  authentication: MessageAuthentication | null,
): Set<string> {
  const dkim = authentication?.dkim;
  if (dkim?.result !== 'pass' || !dkim.domain) return new Set();
  const domain = dkim.domain.toLowerCase();
  const covered = new Set<string>();
  // Several signatures are stored one a line (mail/format/incoming-headers.ts headerRecord).
  for (const value of (headers['dkim-signature'] ?? '').split('\n')) {
    const tags = dkimTags(value);
    if (tags.get('d')?.toLowerCase() !== domain) continue;
    for (const name of (tags.get('h') ?? '').split(':')) if (name) covered.add(name.toLowerCase());
  }
  return covered;
}

/** The URIs of a List-Unsubscribe value: each between < and > (RFC 2369 §2), in the mail's order. */
export function listUnsubscribeUris(value: string): string[] {
  return [...value.matchAll(/<([^<>\s]+)>/g)].map((match) => match[1] ?? '').filter(Boolean);
}

function schemeOf(uri: string): string {
  try {
    return new URL(uri).protocol;
  } catch {
    return '';
  }
}

export interface OfferOptions {
  /** Tests only (UNSUBSCRIBE_ALLOW_LOOPBACK): a one-click URL may be http: as well as https:. */
  allowHttp: boolean;
}

/** The reader's choice for this message; method null: no button. */
export function unsubscribeOffer(
  headers: Record<string, string> | null,
  authentication: MessageAuthentication | null,
  options: OfferOptions,
): UnsubscribeOffer {
  const value = headers?.['list-unsubscribe'];
  if (!headers || !value) return NONE;
  const covered = signedHeaders(headers, authentication);
  if (!covered.has('list-unsubscribe')) return NONE;
  const domain = authentication?.dkim.domain?.toLowerCase() ?? null;
  const uris = listUnsubscribeUris(value);
  const web = uris.filter((uri) => {
    const scheme = schemeOf(uri);
    return scheme === 'https:' || scheme === 'http:';
  });
  const oneClickUrl = web.find((uri) => schemeOf(uri) === 'https:' || options.allowHttp);
  const post = (headers['list-unsubscribe-post'] ?? '').trim();
  if (oneClickUrl && post === 'List-Unsubscribe=One-Click' && covered.has('list-unsubscribe-post')) {
    return { method: 'ONE_CLICK', domain, mailto: null, link: null };
  }
  const mailto = uris.find((uri) => schemeOf(uri) === 'mailto:');
  if (mailto) return { method: 'MAILTO', domain, mailto, link: null };
  const link = web.find((uri) => schemeOf(uri) === 'https:') ?? web[0];
  if (link) return { method: 'LINK', domain, mailto: null, link };
  return NONE;
}

/** The URL the server posts to for ONE_CLICK (the offer never shows it to the browser). */
export function oneClickUrl(headers: Record<string, string>, options: OfferOptions): string | null {
  const uris = listUnsubscribeUris(headers['list-unsubscribe'] ?? '');
  return (
    uris.find((uri) => schemeOf(uri) === 'https:' || (options.allowHttp && schemeOf(uri) === 'http:')) ?? null
  );
}
