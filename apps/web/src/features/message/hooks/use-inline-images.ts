import { useEffect, useState } from 'react';
import type { Attachment } from '@postline/shared/attachments';
import { decodeUrlPart } from '@postline/shared/url-parts';
import { fetchAttachmentPreview } from '../api/attachment-preview';

const EMPTY: ReadonlyMap<string, string> = new Map();

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** The Content-IDs an HTML body shows as `cid:` images. */
export function referencedContentIds(html: string): Set<string> {
  const ids = new Set<string>();
  for (const match of html.matchAll(/\bcid:([^"'\s)>]+)/gi)) {
    ids.add(decodeUrlPart(match[1] ?? '').replace(/^<|>$/g, ''));
  }
  return ids;
}

/**
 * The message's own inline parts that its HTML refers to by `cid:`, as data: URLs for the mail
 * frame. They come from the message's attachments through the API (never from the network), and
 * as data: because the frame's opaque origin could not read the app's blob: URLs.
 */
export function useInlineImages(html: string, attachments: Attachment[]): ReadonlyMap<string, string> {
  const [images, setImages] = useState<ReadonlyMap<string, string>>(EMPTY);
  const wanted = referencedContentIds(html);
  const parts = attachments.filter(
    (attachment) => attachment.contentId && wanted.has(attachment.contentId.replace(/^<|>$/g, '')),
  );
  const key = parts.map((part) => part.id).join(',');

  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    const ids = key.split(',').map(Number);
    Promise.all(
      ids.map(async (id) => {
        const part = attachments.find((attachment) => attachment.id === id);
        if (!part?.contentId) return null;
        try {
          const blob = await fetchAttachmentPreview(id, controller.signal);
          return [part.contentId.replace(/^<|>$/g, ''), await dataUrlOf(blob)] as const;
        } catch {
          // A part that cannot be read shows as a missing image; the rest of the mail still shows.
          return null;
        }
      }),
    ).then((entries) => {
      if (controller.signal.aborted) return;
      setImages(new Map(entries.filter((entry) => entry !== null)));
    });
    return () => controller.abort();
    // `key` names the parts; the attachment objects may be new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return key === '' ? EMPTY : images;
}
