import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as attachments from '../src/attachments.js';
import * as mailbox from '../src/mailbox.js';
import * as messageQueries from '../src/message-queries.js';
import * as messageRequests from '../src/message-requests.js';
import * as messages from '../src/messages.js';
import * as signatures from '../src/signatures.js';
import * as templateRequests from '../src/template-requests.js';
import * as templates from '../src/templates.js';

/** The server documents its routes from these schemas (fastify-type-provider-zod, OpenAPI). */
const modules = {
  attachments,
  mailbox,
  messageQueries,
  messageRequests,
  messages,
  signatures,
  templateRequests,
  templates,
};

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => [`${file}.${name}`, schema] as const),
);

describe('JSON Schema of the contract', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it.each(schemas)('%s converts for requests and responses', (_name, schema) => {
    for (const io of ['input', 'output'] as const) {
      const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', cycles: 'ref' });
      expect(json).toBeTypeOf('object');
    }
  });

  it('describes the nested mailbox tree with a reference, not an endless expansion', () => {
    const json = JSON.stringify(z.toJSONSchema(mailbox.mailboxSchema, { cycles: 'ref' }));
    expect(json).toContain('$ref');
  });
});
