import { useEffect, useRef, useState } from 'react';
import { isValidRecipient } from '@postline/shared/recipients';

/** One suggestion of a recipient field: a person (one chip) or a group (a chip per member). */
export interface ChipSuggestion {
  key: string;
  /** What the option shows first: a name, or the address when there is none. */
  label: string;
  /** The address beside the name; none for a group. */
  detail?: string | undefined;
  /** A group's member count, shown instead of an address. */
  groupSize?: number | undefined;
  /** The chips picking it adds. */
  values: string[];
}

/** Asks for the suggestions of what was typed; `signal` aborts it when the text changes again. */
export type SuggestRecipients = (query: string, signal: AbortSignal) => Promise<ChipSuggestion[]>;

/** A pause in typing before asking: one request per word, not per key. */
export const SUGGEST_DELAY_MS = 120;
const LIST_LIKE = /[,;\r\n<]/;

/**
 * The suggestion list of a recipient field: asks `suggest` for the text typed (also while an IME
 * composes it: a half-built syllable already narrows the list), keeps the active option, and is
 * closed by Escape or a pick. The first option is active unless the text is already an address,
 * so Enter after a whole address still adds what was typed.
 */
export function useChipSuggestions(suggest: SuggestRecipients | undefined, query: string) {
  const [found, setFound] = useState<{ query: string; items: ChipSuggestion[] }>({ query: '', items: [] });
  const [active, setActive] = useState(-1);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const latest = useRef(query);
  latest.current = query;
  const text = query.trim();

  useEffect(() => {
    if (!suggest || text === '' || LIST_LIKE.test(text)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggest(text, controller.signal).then(
        (items) => {
          if (controller.signal.aborted || latest.current.trim() !== text) return;
          setFound({ query: text, items });
          setActive(items.length > 0 && !isValidRecipient(text) ? 0 : -1);
        },
        () => undefined, // No suggestions is no error: the field works as before.
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [suggest, text]);

  // Suggestions belong to the text they were asked for; any other text shows none until answered.
  const items = found.query === text && text !== '' ? found.items : [];
  const open = items.length > 0 && closedFor !== text;
  return {
    items,
    open,
    active: open ? Math.min(active, items.length - 1) : -1,
    move(step: 1 | -1) {
      if (!open) return;
      const last = items.length - 1;
      setActive((before) => {
        const at = Math.min(before, last);
        if (step === 1) return at < last ? at + 1 : 0;
        return at > 0 ? at - 1 : last;
      });
    },
    close() {
      setClosedFor(text);
    },
    reset() {
      setFound({ query: '', items: [] });
      setActive(-1);
      setClosedFor(null);
    },
  };
}
