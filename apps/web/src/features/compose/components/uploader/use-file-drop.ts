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

export function useFileDrop(onFiles: (files: File[]) => void, disabled: boolean): FileDrop {
  const input = useRef<HTMLInputElement>(null);
  const [isDragActive, setDragActive] = useState(false);
  // dragenter and dragleave fire for every child the pointer crosses: count them to know when the
  // drag has left the zone itself.
  const depth = useRef(0);
  const leave = () => {
    depth.current = 0;
    setDragActive(false);
  };
  // A file dropped beside the zone must not replace the page (and the unsent message) with itself.
  useEffect(() => {
    const refuse = (event: globalThis.DragEvent) => {
      // The zone's own handlers ran first and took it.
      if (event.defaultPrevented || !carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer && event.type === 'dragover') event.dataTransfer.dropEffect = 'none';
    };
    document.addEventListener('dragover', refuse);
    document.addEventListener('drop', refuse);
    return () => {
      document.removeEventListener('dragover', refuse);
      document.removeEventListener('drop', refuse);
    };
  }, []);
  return {
    isDragActive,
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
