import { z } from 'zod';
import { emailAddressSchema } from './request-fields.js';

/*
 * Senders whose mail shows its remote images without asking (issue 34): "always show images from
 * this sender" beside the blocked-images bar, kept per user on the server so every browser the
 * person signs in on knows it. Addresses are kept in lower case.
 */

/** How many senders one person may list: far above anyone's trusted newsletters, below abuse. */
export const REMOTE_IMAGE_SENDERS_MAX = 1000;

/** GET, PUT and DELETE /remote-images/senders…: the list as it is after the call. */
export const remoteImageSendersSchema = z.object({ addresses: z.array(z.string()) });
export type RemoteImageSenders = z.infer<typeof remoteImageSendersSchema>;

/** PUT and DELETE /remote-images/senders/{address}. */
export const remoteImageSenderParamsSchema = z.object({ address: emailAddressSchema });
