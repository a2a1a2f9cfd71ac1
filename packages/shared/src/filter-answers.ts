/**
 * What the filter import and apply calls answer (SPEC §7 Filters). The filter itself, its test result
 * and the import warnings are in filters.ts; this file holds the answers built from them.
 */
import { z } from 'zod';
import {
  filterActionSummarySchema,
  filterDtoSchema,
  filterInteropWarningSchema,
  filterTestResultSchema,
} from './filters.js';

/** POST /filters/import, /filters/import/sieve and /filters/import/gmail. */
export const filterImportResponseSchema = z.object({
  imported: z.array(filterDtoSchema),
  warnings: z.array(filterInteropWarningSchema),
  /** Folder names the filters refer to that the user did not have... */
  missingFolders: z.array(z.string()),
  /** ...and the custom folders made for them, so the filters work at once. */
  createdFolders: z.array(z.string()),
  /** A Sieve script's vacation rule became the away reply (issue 37); absent for other imports. */
  awayReplyImported: z.boolean().optional(),
});
export type FilterImportResponse = z.infer<typeof filterImportResponseSchema>;

/** POST /filters/apply/{messageId}: the test result of all active filters, plus what changed. */
export const filterApplyResultSchema = filterTestResultSchema.extend({
  matchedFilters: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** FORWARD and AUTO_REPLY: sent only for arriving mail, never for mail already here. */
  skippedActions: z.array(filterActionSummarySchema),
  change: z.object({
    messageId: z.number().int(),
    previousMailboxId: z.number().int(),
    mailboxId: z.number().int(),
    moved: z.boolean(),
    isRead: z.boolean(),
    isStarred: z.boolean(),
    labels: z.array(z.string()),
    changed: z.boolean(),
  }),
});
export type FilterApplyResult = z.infer<typeof filterApplyResultSchema>;
