import { isLightTextColour, paintsBackgroundColour, styleDeclarations } from '@postline/shared/mail-colours';

/*
 * Light text only where a background colour is in effect (issue 34): a newsletter's white text on
 * a gradient or an image keeps its colour while something paints behind it; where nothing kept
 * does, the text falls back to the page's colour instead of vanishing. Follows the open elements
 * of one sanitising run (sanitize-html's onOpenTag/onCloseTag), so an ancestor's background counts.
 */

/** What of an element the guard reads, as the sanitiser will keep it. */
export interface KeptBackground {
  /** The style's declarations that the policy keeps. */
  declarations: [string, string][];
  /** A bgcolor attribute the policy keeps on this element, if any. */
  bgcolor: string | undefined;
}

export class TextColourGuard {
  /** For each open element: whether a background colour is in effect there. */
  private painted: boolean[] = [];

  reset(): void {
    this.painted = [];
  }

  /** onOpenTag: the element starts out with its parent's background. */
  open(): void {
    this.painted.push(this.painted.at(-1) ?? false);
  }

  /** onCloseTag. */
  close(): void {
    this.painted.pop();
  }

  /**
   * The element's own kept background joins what is in effect; answers whether a light text
   * colour may stay on it.
   */
  mayKeepLightText(kept: KeptBackground): boolean {
    const own =
      (kept.bgcolor !== undefined && paintsBackgroundColour(kept.bgcolor)) ||
      kept.declarations.some(
        ([property, value]) =>
          (property === 'background' || property === 'background-color') && paintsBackgroundColour(value),
      );
    const painted = (this.painted.at(-1) ?? false) || own;
    if (this.painted.length > 0) this.painted[this.painted.length - 1] = painted;
    return painted;
  }
}

/** The style without light text colours; undefined when nothing is left of it. */
export function withoutLightText(declarations: [string, string][]): string | undefined {
  const kept = declarations.filter(([property, value]) => property !== 'color' || !isLightTextColour(value));
  return kept.length > 0 ? kept.map(([property, value]) => `${property}: ${value}`).join('; ') : undefined;
}

export { isLightTextColour, styleDeclarations };
