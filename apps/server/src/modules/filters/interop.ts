import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Language } from '@postline/shared/errors';
import type { FilterImportResponse } from '@postline/shared/filter-answers';
import {
  AUTO_REPLY_TEMPLATE_PREFIX,
  type FilterImportResult,
  type FilterRequest,
} from '@postline/shared/filters';
import type { FilterExportFile } from '@postline/shared/filter-requests';
import type { Tx } from '../../db/client.js';
import { localizedText } from '../../lib/i18n.js';
import { importGmailFilters } from './engine/gmail.js';
import { serverFilterImportFileSchema, toFilterExportFile } from './engine/request-schema.js';
import { exportSieveScript } from './engine/sieve-export.js';
import { importSieveScript } from './engine/sieve-import.js';
import { FilterFieldError, filterNotFound, type FieldProblem } from './errors.js';
import {
  assertOwnFolders,
  createMissingFolders,
  folderByName,
  isFilterTarget,
  withFolderIds,
} from './folders.js';
import { readFolderHints, resolveHintedFolders, type FolderHint } from './json-folders.js';
import { findFilterRecord, listFilterRecords } from './repository.js';
import type { FilterService } from './service.js';
import { findVisibleTemplateBody } from '../templates/index.js';
import { listFolders, type FolderRow } from '../folders/index.js';
import { findAwayReply, saveAwayReply } from '../away-replies/index.js';

/** The export file with, on each MOVE_TO_FOLDER, the folder's name and type so another account can map it. */
export type FilterExportFileWithFolders = FilterExportFile & {
  filters: Array<
    FilterRequest & { actions: Array<FilterRequest['actions'][number] & { folder?: FolderHint }> }
  >;
};

function hintOf(folders: readonly FolderRow[], value: string | null): FolderHint | undefined {
  const row = folders.find((m) => String(m.id) === value);
  return row ? { name: row.name, type: row.type } : undefined;
}

/** Sieve names INBOX so; other folders by their own name. */
function sieveFolderName(folders: readonly FolderRow[]) {
  return (id: string) => {
    const row = folders.find((m) => String(m.id) === id && isFilterTarget(m));
    if (!row) return null;
    return row.type === 'INBOX' ? 'INBOX' : row.name;
  };
}

function zodProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => {
    const detail = (issue as { params?: { detail?: unknown } }).params?.detail;
    return {
      field: issue.path.map(String).join('.'),
      key: issue.message,
      ...(typeof detail === 'string' ? { detail } : {}),
    };
  });
}

/** The file sent as text (text/plain) rather than as a JSON body. */
function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FilterFieldError(
      [{ field: '', key: 'malformedJson' }],
      localizedText('filters:invalidJsonFile'),
    );
  }
}

/** JSON, Sieve and Gmail import and export of a user's filters. */
export class FilterInteropService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly filters: FilterService,
  ) {}

  /** GET /filters/{id}/export. */
  async exportOne(userId: number, id: number, now = new Date()): Promise<FilterExportFileWithFolders> {
    const db = this.app.database.db;
    const record = await findFilterRecord(db, userId, id);
    if (!record) throw filterNotFound();
    const folders = await listFolders(db, userId);
    const file = toFilterExportFile([record], now);
    return {
      ...file,
      filters: file.filters.map((f) => ({
        ...f,
        actions: f.actions.map((a) => {
          const folder = a.actionType === 'MOVE_TO_FOLDER' ? hintOf(folders, a.actionValue) : undefined;
          return folder ? { ...a, folder } : a;
        }),
      })),
    };
  }

  /** POST /filters/import: the export file, a bare array or one filter. */
  async importJson(userId: number, raw: unknown): Promise<FilterImportResponse> {
    const body = typeof raw === 'string' ? parseJsonText(raw) : raw;
    const parsed = serverFilterImportFileSchema.safeParse(body);
    if (!parsed.success)
      throw new FilterFieldError(zodProblems(parsed.error), localizedText('filters:invalidJsonFile'));
    const hints = readFolderHints(body);
    return this.app.database.transaction(async (tx) => {
      const folders = await listFolders(tx, userId);
      const resolved = await resolveHintedFolders(tx, userId, folders, parsed.data.filters, hints);
      if (resolved.problems.length > 0)
        throw new FilterFieldError(resolved.problems, localizedText('filters:invalidJsonFile'));
      return this.save(tx, userId, resolved.filters, {
        filters: [],
        warnings: [],
        missingFolders: resolved.missingFolders,
      });
    });
  }

  /** POST /filters/import/sieve. */
  async importSieve(
    userId: number,
    script: string,
    lang: Language,
    timeZone?: string,
  ): Promise<FilterImportResponse> {
    return this.app.database.transaction(async (tx) => {
      const folders = await listFolders(tx, userId);
      const result = importSieveScript(script, {
        language: lang,
        resolveFolder: (name) => {
          const row = folderByName(folders, name);
          return row ? String(row.id) : null;
        },
      });
      const saved = await this.save(tx, userId, result.filters, result);
      if (!result.awayReply) return saved;
      // Its texts and days as the script has them; who gets it and the zone as they were here.
      const before = await findAwayReply(tx, userId);
      await saveAwayReply(tx, userId, {
        ...result.awayReply,
        includeSignature: before?.includeSignature ?? true,
        contactsOnly: before?.contactsOnly ?? false,
        timeZone: before?.timeZone ?? timeZone ?? 'Asia/Seoul',
      });
      return { ...saved, awayReplyImported: true };
    });
  }

  /** POST /filters/import/gmail. */
  async importGmail(userId: number, xml: string, lang: Language): Promise<FilterImportResponse> {
    const result = importGmailFilters(xml, { language: lang });
    return this.app.database.transaction((tx) => this.save(tx, userId, result.filters, result));
  }

  /** Makes the missing folders, points the filters at them and saves everything in one transaction. */
  private async save(
    tx: Tx,
    userId: number,
    requests: readonly FilterRequest[],
    result: FilterImportResult,
  ): Promise<FilterImportResponse> {
    const missing = requests.length > 0 ? result.missingFolders : [];
    const { ids, created } = await createMissingFolders(tx, userId, missing);
    const ready = requests.map((r) => withFolderIds(r, ids));
    assertOwnFolders(await listFolders(tx, userId), ready, (i) => `filters.${i}.`);
    const imported = await this.filters.saveImported(tx, userId, ready);
    return {
      imported,
      // Every missing folder now exists (made, or found under its trimmed name), so "there is no
      // folder, create it and import again" would contradict the report's list of folders made.
      warnings:
        missing.length > 0 ? result.warnings.filter((w) => w.code !== 'folderNotFound') : result.warnings,
      missingFolders: result.missingFolders,
      createdFolders: created,
    };
  }

  /** GET /filters/export/sieve: every filter in priority order; what could not be written is said in comments. */
  async exportSieve(userId: number, lang: Language): Promise<string> {
    const db = this.app.database.db;
    const records = await listFilterRecords(db, userId);
    const folders = await listFolders(db, userId);
    const templates = new Map<string, string>();
    for (const record of records) {
      for (const a of record.actions) {
        const value = a.actionValue ?? '';
        if (a.actionType !== 'AUTO_REPLY' || !value.startsWith(AUTO_REPLY_TEMPLATE_PREFIX)) continue;
        const id = value.slice(AUTO_REPLY_TEMPLATE_PREFIX.length);
        const template = /^\d{1,9}$/.test(id)
          ? await findVisibleTemplateBody(db, userId, Number(id))
          : undefined;
        if (template) templates.set(id, template.bodyText);
      }
    }
    const awayReply = await findAwayReply(db, userId);
    const { script, warnings } = exportSieveScript(records, {
      folderName: sieveFolderName(folders),
      templateText: (id) => templates.get(id) ?? null,
      language: lang,
      // Written once it says something: an away reply never filled in is not a rule.
      awayReply: awayReply && (awayReply.enabled || awayReply.body.trim()) ? awayReply : null,
    });
    const notes = warnings.map(
      (w) =>
        `# ${w.message.replace(/[\r\n]+/g, ' ')}${w.source ? ` (${w.source.replace(/[\r\n]+/g, ' ')})` : ''}`,
    );
    return notes.length ? `${notes.join('\n')}\n${script}` : script;
  }
}
