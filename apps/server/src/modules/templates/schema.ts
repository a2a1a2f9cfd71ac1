import { z } from 'zod';
import { EMAIL_ADDRESS_MAX } from '@postline/shared/limits';
import { queryText } from '@postline/shared/request-fields';
import { templateSchema } from '@postline/shared/templates';

/** Shapes of this area that the shared contract does not (yet) name. */

/** Bulk calls answer how many of the given templates were the user's and changed. */
export const affectedResponseSchema = z.object({ affected: z.number().int().min(0) });

/** POST /templates/import: the templates made, in file order. */
export const templateImportResponseSchema = z.array(templateSchema);

/** GET /templates/system-variables?recipientEmail= (recipientName when it is one of our users). */
export const systemVariablesQuerySchema = z.object({ recipientEmail: queryText(EMAIL_ADDRESS_MAX) });
