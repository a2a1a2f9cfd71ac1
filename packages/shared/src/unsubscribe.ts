import { z } from 'zod';

/*
 * One-click unsubscribe (RFC 8058, issue 37): what a newsletter offers in List-Unsubscribe
 * (RFC 2369), and what Postline lets its reader do with it. Only mail whose passing DKIM signature
 * covers List-Unsubscribe gets a button at all; the server makes the one-click POST itself, and only
 * when List-Unsubscribe-Post is signed too. Otherwise the reader is offered the mailto: address or
 * the https: page, which the browser opens.
 */

export const UNSUBSCRIBE_METHODS = ['ONE_CLICK', 'MAILTO', 'LINK'] as const;
export type UnsubscribeMethod = (typeof UNSUBSCRIBE_METHODS)[number];

/** GET /messages/{id}/unsubscribe: what the reader may do; method null means no button. */
export const unsubscribeOfferSchema = z.object({
  method: z.enum(UNSUBSCRIBE_METHODS).nullable(),
  /** The signing domain whose signature covers the header (shown beside the button). */
  domain: z.string().nullable(),
  /** For MAILTO: the address and its subject, if the mail gave one. */
  mailto: z.string().nullable(),
  /** For LINK: the https: page the browser opens. Never set for ONE_CLICK (the server posts). */
  link: z.string().nullable(),
});
export type UnsubscribeOffer = z.infer<typeof unsubscribeOfferSchema>;

/** POST /messages/{id}/unsubscribe: the list's server took the one-click request. */
export const unsubscribeResultSchema = z.object({ unsubscribed: z.literal(true), domain: z.string() });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

/** One person's one-click requests a minute: a few newsletters at once, never a flood. */
export const UNSUBSCRIBE_PER_MINUTE = 10;
