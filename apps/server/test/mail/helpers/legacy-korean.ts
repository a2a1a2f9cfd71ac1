import iconv from 'iconv-lite';

/** Korean text the way old mail clients send it. */
export function eucKr(text: string): Buffer {
  return iconv.encode(text, 'euc-kr');
}

/** RFC 1557: designator once, then SO ... SI around KS X 1001 bytes with the high bit cleared. */
export function iso2022Kr(text: string): Buffer {
  const out: number[] = [0x1b, 0x24, 0x29, 0x43];
  for (const line of text.split(/(\r\n)/)) {
    let shifted = false;
    for (const ch of line) {
      const bytes = iconv.encode(ch, 'euc-kr');
      if (bytes.length === 2) {
        if (!shifted) out.push(0x0e);
        shifted = true;
        out.push((bytes[0] as number) & 0x7f, (bytes[1] as number) & 0x7f);
      } else {
        if (shifted) out.push(0x0f);
        shifted = false;
        out.push(...bytes);
      }
    }
    if (shifted) out.push(0x0f);
  }
  return Buffer.from(out);
}

/** An RFC 2047 encoded word in base64 for the given bytes and charset. */
export function encodedWord(charset: string, bytes: Buffer): string {
  return `=?${charset}?B?${bytes.toString('base64')}?=`;
}
