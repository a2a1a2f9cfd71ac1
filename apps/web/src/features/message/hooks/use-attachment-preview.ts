import { useEffect, useState } from 'react';
import { fetchAttachmentPreview } from '../api/attachment-preview';

/** An object URL of a small image attachment; null until it has loaded, or when it could not. */
export function useAttachmentPreview(id: number, enabled: boolean): string | null {
  const [preview, setPreview] = useState<{ id: number; url: string } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchAttachmentPreview(id, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setPreview({ id, url: objectUrl });
      })
      .catch(() => {
        // Without a thumbnail the row keeps its type icon; the download button still works.
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, enabled]);

  return enabled && preview?.id === id ? preview.url : null;
}
