import { useEffect, useRef, useState, type ChangeEvent, type DragEvent, type RefObject } from 'react';

/*
 * Files dropped on a zone, or picked with a hidden file input the zone's button opens. Written by
 * hand in place of react-dropzone, which with file-selector, tslib and prop-types made up 14 kB of
 * brotli of /compose's first load (issue 17, docs/BENCHMARKS.md) for what these lines do: the
 * compose uploader checks the files itself (plan-uploads.ts), and takes no folders. Like
 * react-dropzone, a file dropped beside the zone is refused rather than opened in place of the page.
 */

/** Whether a drag carries files, not text or a link dragged from the page. */
function carriesFiles(event: Pick<DragEvent, 'dataTransfer'> | globalThis.DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

export interface FileDrop {
  /** A drag with files is over the zone. */
  isDragActive: boolean;
  /** With `anywhere`: a drag with files is over the page, which takes them wherever they drop. */
  isPageDragActive: boolean;
  /** For the zone's element. */
  zoneProps: {
    onDragEnter(event: DragEvent): void;
    onDragOver(event: DragEvent): void;
    onDragLeave(event: DragEvent): void;
    onDrop(event: DragEvent): void;
  };
  /** For the hidden `<input type="file">`. */
  inputProps: {
    ref: RefObject<HTMLInputElement | null>;
    type: 'file';
    multiple: true;
    hidden: true;
    disabled: boolean;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
  };
  /** Opens the system's file picker. */
  open(): void;
}

/**
 * `anywhere`: files dropped anywhere on the page are taken, not only on the zone (compose, issue
 * 34: a file let go over the body or the subject attaches as it would on the zone).
 */
export function useFileDrop(
  onFiles: (files: File[]) => void,
  disabled: boolean,
  { anywhere = false }: { anywhere?: boolean } = {},
): FileDrop {
  const input = useRef<HTMLInputElement>(null);
  const [isDragActive, setDragActive] = useState(false);
  const [isPageDragActive, setPageDragActive] = useState(false);
  // Read by the page's listeners, which are added once.
  const latest = useRef({ onFiles, disabled });
  useEffect(() => {
    latest.current = { onFiles, disabled };
  });
  // dragenter and dragleave fire for every child the pointer crosses: count them to know when the
  // drag has left the zone itself.
  const depth = useRef(0);
  const leave = () => {
    depth.current = 0;
    setDragActive(false);
  };
  // A file dropped beside the zone must not replace the page (and the unsent message) with itself:
  // it is refused, or with `anywhere` taken as on the zone.
  useEffect(() => {
    const onPage = (event: globalThis.DragEvent) => {
      // The zone's own handlers ran first and took it.
      if (event.defaultPrevented || !carriesFiles(event)) return;
      event.preventDefault();
      const taking = anywhere && !latest.current.disabled;
      if (event.type === 'dragover') {
        if (event.dataTransfer) event.dataTransfer.dropEffect = taking ? 'copy' : 'none';
        if (taking) setPageDragActive(true);
        return;
      }
      setPageDragActive(false);
      if (taking) latest.current.onFiles(Array.from(event.dataTransfer?.files ?? []));
    };
    // Out of the window (no element entered next), or let go over the zone.
    const onLeave = (event: globalThis.DragEvent) => {
      if (event.relatedTarget === null) setPageDragActive(false);
    };
    const onZoneDrop = () => setPageDragActive(false);
    document.addEventListener('dragover', onPage);
    document.addEventListener('drop', onPage);
    document.addEventListener('dragleave', onLeave);
    document.addEventListener('drop', onZoneDrop, true);
    return () => {
      document.removeEventListener('dragover', onPage);
      document.removeEventListener('drop', onPage);
      document.removeEventListener('dragleave', onLeave);
      document.removeEventListener('drop', onZoneDrop, true);
    };
  }, [anywhere]);
  return {
    isDragActive,
    isPageDragActive,
    zoneProps: {
      onDragEnter(event) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        if (!disabled) setDragActive(true);
      },
      onDragOver(event) {
        if (!carriesFiles(event)) return;
        // Without this the browser opens a dropped file in place of the page.
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
      },
      onDragLeave(event) {
        if (!carriesFiles(event)) return;
        depth.current -= 1;
        if (depth.current <= 0) leave();
      },
      onDrop(event) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        leave();
        if (!disabled) onFiles(Array.from(event.dataTransfer.files));
      },
    },
    inputProps: {
      ref: input,
      type: 'file',
      multiple: true,
      hidden: true,
      disabled,
      onChange(event) {
        const files = Array.from(event.target.files ?? []);
        // The same file picked again must still count as a choice.
        event.target.value = '';
        if (files.length > 0) onFiles(files);
      },
    },
    open: () => input.current?.click(),
  };
}
