import addressparser from 'nodemailer/lib/addressparser/index.js';
import type { AddressEntry } from '../../db/schema/mail.js';
import { decodeIso2022KrText } from './charsets.js';
import { decodeDetected, isKnownCharset } from './charset-detect.js';
import { decodeEncodedWords, unfoldedValue } from './incoming-headers.js';

/**
 * mailparser hands header lines over with one character per byte (latin1). Header values sent as raw
 * 8-bit bytes, without RFC 2047 (old Korean groupware sends EUC-KR that way, RFC 6532 mail sends
 * UTF-8), must be decoded from those bytes: mailparser reads them as UTF-8 only, and trims a
 * trailing 0xA0 byte as if it were a space, which cuts the last character of some Korean words.
 */
export function hasRawEightBit(line: string): boolean {
  return /[\x80-\xff]/.test(line) && !/[\u0100-\uffff]/.test(line);
}

/** The line as text: UTF-8 first, then the charsets the message declares, then CP949 (charset-detect.ts). */
export function decodeHeaderLine(line: string, declared: string[]): string {
  return hasRawEightBit(line) ? decodeDetected(Buffer.from(line, 'latin1'), declared) : line;
}

/**
 * The charsets the message declares for its text, in order of appearance: the best guess for raw
 * header bytes, which the same client wrote. Only the first 64 kB is read; labels nothing decodes
 * and 7-bit labels say nothing about 8-bit bytes, so they are left out.
 */
export function declaredCharsets(raw: Buffer): string[] {
  const head = raw.subarray(0, 64 * 1024).toString('latin1');
  const found = new Set<string>();
  for (const match of head.matchAll(/charset\s*=\s*"?([A-Za-z0-9_.:-]+)/gi)) {
    const label = (match[1] ?? '').toLowerCase();
    if (label && !/^(us-)?ascii$/.test(label) && isKnownCharset(label)) found.add(label);
  }
  return [...found];
}

/** A header's value decoded from raw bytes and RFC 2047 words, or undefined when it needs nothing of the sort. */
export function rawEightBitValue(line: string | undefined, declared: string[]): string | undefined {
  if (line === undefined || !hasRawEightBit(line)) return undefined;
  return decodeIso2022KrText(decodeEncodedWords(unfoldedValue(decodeHeaderLine(line, declared))));
}

/** The addresses of an address header whose display names came as raw 8-bit bytes. */
export function rawEightBitAddresses(
  line: string | undefined,
  declared: string[],
): AddressEntry[] | undefined {
  if (line === undefined || !hasRawEightBit(line)) return undefined;
  const text = unfoldedValue(decodeHeaderLine(line, declared));
  return addressparser(text, { flatten: true })
    .filter((entry) => entry.address)
    .map((entry) => {
      const name = decodeIso2022KrText(decodeEncodedWords(entry.name ?? '')).trim();
      return { address: entry.address, name: name || null };
    });
}
