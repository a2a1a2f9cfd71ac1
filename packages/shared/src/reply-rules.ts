/*
 * Who a reply goes to (SPEC §2, §5), shared so the reply dialog shows exactly who the server will
 * send it to: the sender (or their Reply-To); replying to mail I sent goes to its recipients;
 * reply all adds everyone on To and Cc; I am never on the list.
 */

export interface ReplyOriginal {
  mailboxType: string;
  fromAddress: string;
  replyTo: string | null;
  toAddresses: string[];
  ccAddresses: string[];
}

export interface ReplyRecipients {
  to: string[];
  cc: string[];
}

const ADDRESS_IN_TEXT = /[^\s<>,;"']+@[^\s<>,;"']+/g;

/** Addresses in a Reply-To header value ("Name <a@x>, b@y"). */
export function addressesIn(text: string | null | undefined): string[] {
  return text ? (text.match(ADDRESS_IN_TEXT) ?? []) : [];
}

/** Drops me and repeats, comparing addresses case-insensitively; the first spelling wins. */
function distinct(addresses: string[], exclude: Set<string>): string[] {
  const out: string[] = [];
  for (const address of addresses) {
    const key = address.trim().toLowerCase();
    if (!key || exclude.has(key)) continue;
    exclude.add(key);
    out.push(address.trim());
  }
  return out;
}

function isOwnMessage(original: ReplyOriginal, me: string): boolean {
  return original.mailboxType === 'SENT' || original.fromAddress.trim().toLowerCase() === me;
}

export function replyRecipients(original: ReplyOriginal, myAddress: string, all: boolean): ReplyRecipients {
  const me = myAddress.trim().toLowerCase();
  const own = isOwnMessage(original, me);
  const sender = own
    ? original.toAddresses
    : addressesIn(original.replyTo).length > 0
      ? addressesIn(original.replyTo)
      : [original.fromAddress];
  const seen = new Set([me]);
  const to = distinct(all ? [...sender, ...original.toAddresses] : sender, seen);
  const cc = all ? distinct(original.ccAddresses, seen) : [];
  // Only Cc left (I was the sole To): they become the To of the reply.
  if (to.length === 0 && cc.length > 0) return { to: cc, cc: [] };
  // Mail I sent to nobody but myself: the reply comes back to me.
  if (to.length === 0 && own) return { to: [myAddress.trim()], cc: [] };
  return { to, cc };
}
