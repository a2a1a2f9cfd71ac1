import { makePage, type Page } from '@postline/shared/common';
import { SIGNATURE_CONTENT_MAX, SIGNATURE_NAME_MAX } from '@postline/shared/limits';
import {
  htmlToPlainTextLength,
  type Signature,
  type SignatureRequest,
  type SignatureStatistics,
  type SignatureType,
} from '@postline/shared/signatures';
import { messageKey } from '@postline/shared/validation-messages';
import type { Database, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { sanitizeSignatureHtml } from '../../lib/sanitize-html.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { copyName } from '../templates/index.js';
import type { Viewer } from '../../lib/viewer.js';
import { presentSignature } from './presenter.js';
import {
  clearDefault,
  deleteSignatures,
  findDefaultSignature,
  findSignature,
  insertSignature,
  listSignatures,
  lockDefaultSignature,
  signatureTotals,
  updateSignatures,
  type SignatureRow,
} from './repository.js';

export const signatureNotFound = () => new AppError(404, 'SIGNATURE_NOT_FOUND');

/**
 * The HTML that is stored: sanitised, and checked again afterwards, since what the sanitiser
 * removes (an http image, a script) may leave nothing to show.
 */
export function storedSignatureContent(html: string): string {
  const clean = sanitizeSignatureHtml(html);
  const length = htmlToPlainTextLength(clean);
  if (length === 0 && !/<img\b/i.test(clean)) {
    throw new AppError(400, 'VALIDATION_ERROR', { key: messageKey('contentRequired') });
  }
  if (length > SIGNATURE_CONTENT_MAX) {
    throw new AppError(400, 'VALIDATION_ERROR', { key: messageKey('tooLong', SIGNATURE_CONTENT_MAX) });
  }
  return clean;
}

/** Two default changes racing past the lock (they cannot) would meet the unique index: a 409. */
async function guardDefault<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT');
    throw error;
  }
}

export class SignatureService {
  constructor(private readonly database: Database) {}

  async list(
    viewer: Viewer,
    query: {
      page: number;
      size: number;
      isActive?: boolean | undefined;
      isDefault?: boolean | undefined;
      signatureType?: SignatureType | undefined;
    },
  ): Promise<Page<Signature>> {
    const { rows, total } = await listSignatures(this.database.db, viewer.id, query, query);
    return makePage(
      rows.map((row) => presentSignature(row, viewer.lang)),
      query.page,
      query.size,
      total,
    );
  }

  async byType(viewer: Viewer, signatureType: SignatureType): Promise<Signature[]> {
    const { rows } = await listSignatures(this.database.db, viewer.id, { signatureType });
    return rows.map((row) => presentSignature(row, viewer.lang));
  }

  async get(viewer: Viewer, id: number): Promise<Signature> {
    const row = await findSignature(this.database.db, viewer.id, id);
    if (!row) throw signatureNotFound();
    return presentSignature(row, viewer.lang);
  }

  /**
   * The default signature; none is a 404 (SPEC §7: "a 404 means none"). The web app asks
   * GET /signatures?isDefault=true instead, where none is an empty page and no failed request.
   */
  async getDefault(viewer: Viewer): Promise<Signature> {
    const row = await findDefaultSignature(this.database.db, viewer.id);
    if (!row) throw signatureNotFound();
    return presentSignature(row, viewer.lang);
  }

  /** A default signature is always active: compose inserts it into every new mail. */
  create(viewer: Viewer, input: SignatureRequest): Promise<Signature> {
    const content = storedSignatureContent(input.content);
    return guardDefault(
      this.database.transaction(async (tx) => {
        if (input.isDefault) await this.takeDefault(tx, viewer.id);
        const row = await insertSignature(tx, {
          userId: viewer.id,
          name: input.name,
          content,
          signatureType: input.signatureType,
          isDefault: input.isDefault,
          isActive: input.isDefault || input.isActive,
          includeImage: input.includeImage,
          imageUrl: input.imageUrl,
        });
        return presentSignature(row, viewer.lang);
      }),
    );
  }

  /**
   * A whole new version. isDefault and isActive change only when the client sent them (the form
   * of SPEC §2 has neither); switching a signature off takes its default flag away.
   */
  update(
    viewer: Viewer,
    id: number,
    input: SignatureRequest,
    sent: (field: string) => boolean,
  ): Promise<Signature> {
    const content = storedSignatureContent(input.content);
    return guardDefault(
      this.database.transaction(async (tx) => {
        const current = await findSignature(tx, viewer.id, id);
        if (!current) throw signatureNotFound();
        const wantsDefault = sent('isDefault') && input.isDefault;
        const isActive = wantsDefault || (sent('isActive') ? input.isActive : current.isActive);
        const isDefault = wantsDefault || (!sent('isDefault') && current.isDefault && isActive);
        if (isDefault && !current.isDefault) await this.takeDefault(tx, viewer.id);
        const [row] = await updateSignatures(tx, viewer.id, [id], {
          name: input.name,
          content,
          signatureType: input.signatureType,
          isDefault,
          isActive,
          includeImage: input.includeImage,
          imageUrl: input.imageUrl,
        });
        if (!row) throw signatureNotFound();
        return presentSignature(row, viewer.lang);
      }),
    );
  }

  /** Clear, then set, in one transaction under the user's lock (PATCH .../default, POST .../set-default). */
  setDefault(viewer: Viewer, id: number): Promise<Signature> {
    return guardDefault(
      this.database.transaction(async (tx) => {
        await lockDefaultSignature(tx, viewer.id);
        const current = await findSignature(tx, viewer.id, id);
        if (!current) throw signatureNotFound();
        await clearDefault(tx, viewer.id, id);
        const [row] = await updateSignatures(tx, viewer.id, [id], { isDefault: true, isActive: true });
        if (!row) throw signatureNotFound();
        return presentSignature(row, viewer.lang);
      }),
    );
  }

  private async takeDefault(tx: Tx, userId: number): Promise<void> {
    await lockDefaultSignature(tx, userId);
    await clearDefault(tx, userId);
  }

  async setActive(viewer: Viewer, id: number, isActive: boolean): Promise<Signature> {
    const [row] = await this.database.transaction((tx) =>
      updateSignatures(tx, viewer.id, [id], activePatch(isActive)),
    );
    if (!row) throw signatureNotFound();
    return presentSignature(row, viewer.lang);
  }

  async bulkActive(viewer: Viewer, ids: number[], isActive: boolean): Promise<number> {
    const rows = await this.database.transaction((tx) =>
      updateSignatures(tx, viewer.id, ids, activePatch(isActive)),
    );
    return rows.length;
  }

  async delete(viewer: Viewer, id: number): Promise<void> {
    const deleted = await this.database.transaction((tx) => deleteSignatures(tx, viewer.id, [id]));
    if (deleted === 0) throw signatureNotFound();
  }

  bulkDelete(viewer: Viewer, ids: number[]): Promise<number> {
    return this.database.transaction((tx) => deleteSignatures(tx, viewer.id, ids));
  }

  /** POST .../copy and .../duplicate: never the default; named 'X (copy)' / 'X (사본)' by default. */
  copy(viewer: Viewer, id: number, name: string | undefined): Promise<Signature> {
    return this.database.transaction(async (tx) => {
      const source: SignatureRow | undefined = await findSignature(tx, viewer.id, id);
      if (!source) throw signatureNotFound();
      const row = await insertSignature(tx, {
        userId: viewer.id,
        name: name ?? copyName(source.name, viewer.lang, SIGNATURE_NAME_MAX),
        content: source.content,
        signatureType: source.signatureType,
        isDefault: false,
        isActive: source.isActive,
        includeImage: source.includeImage,
        imageUrl: source.imageUrl,
      });
      return presentSignature(row, viewer.lang);
    });
  }

  async statistics(viewer: Viewer): Promise<SignatureStatistics> {
    const totals = await signatureTotals(this.database.db, viewer.id);
    return {
      totalSignatures: totals.total,
      activeSignatures: totals.active,
      personalCount: totals.personal,
      businessCount: totals.business,
      hasDefault: totals.defaults > 0,
    };
  }
}

function activePatch(isActive: boolean) {
  return isActive ? { isActive } : { isActive, isDefault: false };
}
