import { parse as parseHost } from 'tldts';

/*
 * What a display name shows a reader, for telling whether it names an address or a domain that is
 * not the sender's (issue 32). A stranger writes the name to be misread, so it is compared as it
 * looks, not as it is spelled: compatibility forms folded (NFKC: `＠` is `@`, U+2024 is `.`),
 * characters that draw nothing dropped (bidi controls, zero-width and other default-ignorable
 * ones), the marks that pass for a full stop read as one, and a right-to-left override read in
 * the order it is shown. Never stored or displayed: the reader still sees the name as it came.
 */

/** Characters that draw nothing, or only steer the direction of others (UAX #44, UAX #9). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/**
 * What passes for a full stop between labels once NFKC has run: the label separators IDNA accepts
 * (UTS #46: U+3002, and U+FF0E and U+FF61, which NFKC already folds) and the prototypes of `.` in
 * Unicode's confusables (UTS #39) that NFKC leaves alone.
 */
const DOT_LIKE =
  /[\u00b7\u0660\u06d4\u06f0\u0701\u0702\u2027\u2219\u22c5\u2e31\u2e33\u2e3c\u3002\u30fb\ua4f8]/gu;

/**
 * U+202E (RIGHT-TO-LEFT OVERRIDE) shows what follows it, up to its U+202C or the end, in reverse:
 * `\u202Eelpmaxe.knab@oec` reads `ceo@bank.example`. Nested overrides are rare enough to be read
 * as the outer one.
 */
function inShownOrder(name: string): string {
  return name.replace(/\u202e([^\u202c]*)\u202c?/gu, (_override, run: string) => [...run].reverse().join(''));
}

/**
 * How much of a name is read: more than any screen shows of it, and a bound on the work a stranger
 * can ask for (the header itself may be 8 kB).
 */
const READ_CHARS = 1_000;

/** The name as a reader may read it: as spelled, and in the order an override shows it. */
export function readingsOf(name: string): string[] {
  const folded = name.slice(0, 4 * READ_CHARS).normalize('NFKC');
  const readings = new Set(
    [folded, inShownOrder(folded)].map((text) =>
      text
        .replace(INVISIBLE, '')
        .replace(DOT_LIKE, '.')
        .replace(/\s+/gu, ' ')
        .slice(0, READ_CHARS)
        .toLowerCase(),
    ),
  );
  return [...readings];
}

// Each starts where a word does, so a long name is scanned once, not once from every character.
const ADDRESS = /(?<![^\s<>"@])[^\s<>"@]+@[^\s<>"@]+\.[^\s<>"@]+/gu;
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const DOMAIN = new RegExp(
  `(?<![\\p{L}\\p{N}.@-])(?:${LABEL}\\.)+${LABEL}(?![\\p{L}\\p{N}-]|\\.[\\p{L}\\p{N}])`,
  'gu',
);

/** The addresses a reading of the name shows. */
export function addressesIn(reading: string): string[] {
  return [...reading.matchAll(ADDRESS)].map((match) => match[0]);
}

/**
 * The domains a reading of the name shows outside an address: those on the public suffix list's
 * ICANN part (so `Node.js` is a name, `paypal.com` a domain), and `ownDomain` and its subdomains,
 * whatever their suffix (this server's MAIL_DOMAIN may be a private one like postline.local).
 */
export function domainsIn(reading: string, ownDomain: string): string[] {
  const text = reading.replace(ADDRESS, ' ');
  return [...text.matchAll(DOMAIN)]
    .map((match) => match[0])
    .filter((domain) => isUnder(domain, ownDomain) || parseHost(domain).isIcann === true);
}

/** Whether `domain` is `parent` or one of its subdomains. */
export function isUnder(domain: string, parent: string): boolean {
  const d = domain.toLowerCase();
  const p = parent.toLowerCase();
  return d === p || d.endsWith(`.${p}`);
}

/** Whether two domains belong to one organisation: the same registrable domain (public suffix list). */
export function sameOrganisation(a: string, b: string): boolean {
  const registrable = (domain: string) => parseHost(domain).domain ?? domain.toLowerCase();
  return isUnder(a, b) || isUnder(b, a) || registrable(a) === registrable(b);
}
