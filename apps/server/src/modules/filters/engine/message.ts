import type { ConditionType, FilterSampleMessage, SenderCheckValue } from '@postline/shared/filters';
import type { MessageAuthentication } from '@postline/shared/messages';

/** What the engine needs to know about a message; delivery and the test modal both build one. */
export interface FilterableMessage {
  subject: string;
  fromAddress: string;
  fromName: string | null;
  toAddresses: readonly string[];
  ccAddresses: readonly string[];
  bccAddresses: readonly string[];
  bodyText: string;
  attachmentNames: readonly string[];
  hasAttachments: boolean;
  /** LOW, NORMAL or HIGH; anything else counts as NORMAL. */
  importance: string;
  sizeBytes: number;
  headers?: Readonly<Record<string, string>>;
  /** What the sender checks said on arrival; absent for mail written here, which counts as verified. */
  senderCheck?: SenderCheckValue;
}

/** The SENDER_CHECK value of a message from its stored or fresh verdicts (null: written here). */
export function senderCheckOf(authentication: MessageAuthentication | null | undefined): SenderCheckValue {
  if (!authentication || authentication.verified) return 'VERIFIED';
  return authentication.dmarc.result === 'fail' ? 'FAILED' : 'UNVERIFIED';
}

/**
 * Only the first 1 MiB (1,048,576 UTF-16 units) of a body is searched: a filter runs inside the
 * delivery transaction, and a condition should not cost more than a bounded, linear scan.
 */
export const BODY_MATCH_LIMIT_CHARS = 1024 * 1024;

export type TextConditionType = Extract<
  ConditionType,
  'SUBJECT' | 'FROM' | 'TO' | 'CC' | 'BCC' | 'BODY' | 'ATTACHMENT'
>;

function truncateBody(text: string): string {
  if (text.length <= BODY_MATCH_LIMIT_CHARS) return text;
  const cut = text.slice(0, BODY_MATCH_LIMIT_CHARS);
  const last = cut.charCodeAt(cut.length - 1);
  // Never leave half a surrogate pair at the end.
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/**
 * Lowercasing is `toLowerCase` (locale-independent, Hangul unchanged) after NFC, so a Korean file
 * name sent decomposed (NFD, as macOS does) still matches what the user typed.
 */
export function foldText(text: string, caseInsensitive: boolean): string {
  const nfc = text.normalize('NFC');
  return caseInsensitive ? nfc.toLowerCase() : nfc;
}

/** A message with its candidate texts computed once, however many filters look at it. */
export class PreparedMessage {
  private readonly cache = new Map<string, readonly string[]>();

  constructor(readonly source: FilterableMessage) {}

  /** The raw values of a text condition type; list types give one entry per address or file. */
  rawTexts(type: TextConditionType): readonly string[] {
    const m = this.source;
    switch (type) {
      case 'SUBJECT':
        return [m.subject];
      case 'BODY':
        return [truncateBody(m.bodyText)];
      case 'FROM': {
        const name = m.fromName?.trim();
        return name ? [m.fromAddress, `${name} <${m.fromAddress}>`] : [m.fromAddress];
      }
      case 'TO':
        return m.toAddresses;
      case 'CC':
        return m.ccAddresses;
      case 'BCC':
        return m.bccAddresses;
      case 'ATTACHMENT':
        return m.attachmentNames;
    }
  }

  /** Candidates normalised for matching (NFC, and lower-cased when `folded`). */
  texts(type: TextConditionType, folded: boolean): readonly string[] {
    const key = `${type}:${folded ? 1 : 0}`;
    let texts = this.cache.get(key);
    if (!texts) {
      texts = this.rawTexts(type).map((t) => foldText(t, folded));
      this.cache.set(key, texts);
    }
    return texts;
  }

  exists(type: TextConditionType): boolean {
    return this.rawTexts(type).some((t) => t.trim() !== '');
  }

  hasAttachment(): boolean {
    return this.source.hasAttachments || this.source.attachmentNames.length > 0;
  }

  /** Whether the message is what a SENDER_CHECK value names (UNVERIFIED: anything but a pass). */
  senderCheckIs(value: string): boolean {
    const check = this.source.senderCheck ?? 'VERIFIED';
    const wanted = value.trim().toUpperCase();
    return wanted === 'UNVERIFIED' ? check !== 'VERIFIED' : check === wanted;
  }

  importance(): string {
    const value = this.source.importance.toUpperCase();
    return value === 'LOW' || value === 'HIGH' ? value : 'NORMAL';
  }
}

export function prepareMessage(message: FilterableMessage | PreparedMessage): PreparedMessage {
  return message instanceof PreparedMessage ? message : new PreparedMessage(message);
}

/** The test modal's samples (SPEC §2) as the engine sees them; size falls back to the body length. */
export function sampleToFilterableMessage(sample: FilterSampleMessage): FilterableMessage {
  return {
    subject: sample.subject,
    fromAddress: sample.fromAddress,
    fromName: sample.fromName ?? null,
    toAddresses: sample.toAddresses,
    ccAddresses: sample.ccAddresses ?? [],
    bccAddresses: [],
    bodyText: sample.bodyText,
    attachmentNames: sample.attachmentNames ?? [],
    hasAttachments: sample.hasAttachments,
    importance: sample.importance,
    sizeBytes: sample.sizeBytes ?? Buffer.byteLength(sample.bodyText, 'utf8'),
  };
}
