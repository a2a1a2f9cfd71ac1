import type { ReactNode } from 'react';

let support: boolean | undefined;

/**
 * The answer, kept with the browser's user agent ("1 Mozilla/5.0 …"): drawing the test emoji cost
 * about 25 ms of a phone-speed cold load (issue 17), and only a browser update or a new font
 * changes it. A new font is seen after the next browser update.
 */
const STORED_SUPPORT = 'emoji-support';

function storedSupport(): boolean | undefined {
  try {
    const saved = localStorage.getItem(STORED_SUPPORT);
    return saved?.slice(2) === navigator.userAgent ? saved.startsWith('1') : undefined;
  } catch {
    return undefined;
  }
}

function storeSupport(value: boolean): void {
  try {
    localStorage.setItem(STORED_SUPPORT, `${value ? 1 : 0} ${navigator.userAgent}`);
  } catch {
    // Without storage the check simply runs again on the next visit.
  }
}

/**
 * Whether this machine draws colour emoji. Without an emoji font Chromium draws an empty box, so
 * we draw one on a canvas and look for a coloured pixel. Hand-written: a dozen lines, no library.
 */
export function canDrawEmoji(): boolean {
  support ??= storedSupport();
  if (support !== undefined) return support;
  support = drawsColourEmoji();
  storeSupport(support);
  return support;
}

function drawsColourEmoji(): boolean {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 16;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return false;
    context.textBaseline = 'top';
    context.font = '14px sans-serif';
    context.fillText('\u{1F4E7}', 0, 0);
    const pixels = context.getImageData(0, 0, 16, 16).data;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b, a] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, pixels[i + 3]!];
      if (a > 0 && (Math.abs(r - g) > 20 || Math.abs(g - b) > 20)) return true;
    }
    return false;
  } catch {
    return false;
  }
}

/**
 * An emoji SPEC names (the product's mail emoji, notification types), or, where the machine has
 * no emoji font, the SVG icon given as the fallback. Decorative either way: the text next to it
 * says what it means.
 */
export function Emoji({
  symbol,
  fallback,
  className,
}: {
  symbol: string;
  fallback: ReactNode;
  className?: string;
}) {
  if (!canDrawEmoji())
    return (
      <span aria-hidden="true" className={className}>
        {fallback}
      </span>
    );
  return (
    <span aria-hidden="true" className={className}>
      {symbol}
    </span>
  );
}
