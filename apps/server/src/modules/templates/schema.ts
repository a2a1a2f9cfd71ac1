import { z } from 'zod';
import { EMAIL_ADDRESS_MAX } from '@postline/shared/limits';
import { queryText } from '@postline/shared/request-fields';

/** Requests of this area that only the server reads. */

/** GET /templates/system-variables?recipientEmail= (recipientName when it is one of our users). */
export const systemVariablesQuerySchema = z.object({ recipientEmail: queryText(EMAIL_ADDRESS_MAX) });
