import { useCallback, useLayoutEffect, useRef } from 'react';
import type { Attachment } from '@postline/shared/attachments';

/**
 * The message's attachments as the parent holds them, kept current between its renders: uploads
 * finish one by one after renders the parent may not have caught up with yet, so each success
 * extends the latest list, not the one of the render that started it.
 */
export function useAttachedList(value: Attachment[], onChange: (next: Attachment[]) => void) {
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);

  // Only a new list from the parent replaces the ref: a render that still carries the list from
  // before the last upload's hand-over must not take that upload back out.
  const lastValue = useRef(value);
  useLayoutEffect(() => {
    if (value !== lastValue.current) {
      lastValue.current = value;
      valueRef.current = value;
    }
    onChangeRef.current = onChange;
  });

  // Files finish in any order; the list keeps the order they were picked in.
  const sequenceOf = useRef(new Map<number, number>());

  /** A file uploaded: into the list at the place its `sequence` (the order picked) gives it. */
  const handOver = useCallback((attachment: Attachment, sequence: number) => {
    sequenceOf.current.set(attachment.id, sequence);
    const current = valueRef.current;
    const later = current.findIndex((a) => (sequenceOf.current.get(a.id) ?? -1) > sequence);
    const at = later === -1 ? current.length : later;
    const next = [...current.slice(0, at), attachment, ...current.slice(at)];
    valueRef.current = next;
    onChangeRef.current(next);
  }, []);

  const remove = useCallback((id: number) => {
    const next = valueRef.current.filter((a) => a.id !== id);
    valueRef.current = next;
    onChangeRef.current(next);
  }, []);

  /** The list as it is now, uploads handed over since the last render included. */
  const current = useCallback(() => valueRef.current, []);

  return { current, handOver, remove };
}
