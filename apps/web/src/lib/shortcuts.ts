import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { settingsQuery } from './resources/settings';
import { createKeybindingsHandler } from 'tinykeys';

/*
 * Keyboard shortcuts in Gmail's layout (issue 37), through tinykeys (sequences such as "g i"). They
 * never fire while a person types in a field, while an input method is composing (a Korean
 * syllable in the making: isComposing, or Chrome's keyCode 229 on its first key), or behind an
 * open dialog, whose own keys (Escape) are its business.
 */

function ignored(event: KeyboardEvent): boolean {
  if (event.repeat || event.isComposing || event.keyCode === 229) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])'))
    return true;
  return document.querySelector('[aria-modal="true"]') !== null;
}

/**
 * Binds keys to actions while the calling component is mounted and the person has not switched
 * shortcuts off in the settings (on while they load); `bindings` may change on every render (the
 * latest is used). Keys as tinykeys writes them: "c", "g i", "Shift+?".
 */
export function useShortcuts(bindings: Record<string, () => void>, active = true): void {
  const switchedOn = useQuery(settingsQuery).data?.keyboardShortcuts ?? true;
  const enabled = active && switchedOn;
  const latest = useRef(bindings);
  latest.current = bindings;
  const keys = Object.keys(bindings).join('\n');
  useEffect(() => {
    if (!enabled) return;
    let fired = false;
    const map = Object.fromEntries(
      keys.split('\n').map((key) => [
        key,
        (event: KeyboardEvent) => {
          event.preventDefault();
          fired = true;
          latest.current[key]?.();
        },
      ]),
    );
    const fresh = () => createKeybindingsHandler(map, { ignore: ignored });
    let handle = fresh();
    const listener = (event: KeyboardEvent) => {
      fired = false;
      handle(event);
      // tinykeys keeps the other sequences' first keys after one fires ("g" of "g s" after "g i"),
      // so the next "g" would end them instead of starting one: start afresh after every shortcut.
      if (fired) handle = fresh();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [keys, enabled]);
}
