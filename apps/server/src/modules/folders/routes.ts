import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@postline/shared/common';
import { envelopeOf } from '@postline/shared/envelope';
import { createMailboxRequestSchema, mailboxListSchema, mailboxSchema } from '@postline/shared/mailbox';
import { ok } from '../../lib/envelope.js';
import type { FolderContents } from './ports.js';
import { createFolder, deleteFolder, listFolderTree, updateFolder } from './service.js';

/** PUT /mailboxes/{id}: either field may be left out (the shared schema requires a name). */
const updateFolderBodySchema = createMailboxRequestSchema.partial();

export default async function folderRoutes(app: FastifyInstance, { contents }: { contents: FolderContents }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mailboxes'];

  r.get(
    '/mailboxes',
    {
      schema: {
        tags,
        summary: 'The folders as a tree, with counts',
        response: { 200: envelopeOf(mailboxListSchema) },
      },
      preHandler: [app.authenticate],
    },
    async (request) => ok(await listFolderTree(app.database.db, request.user.id)),
  );

  r.post(
    '/mailboxes',
    {
      schema: {
        tags,
        summary: 'Create a custom folder, at the top or under parentId',
        body: createMailboxRequestSchema,
        response: { 200: envelopeOf(mailboxSchema) },
      },
      preHandler: [app.authenticate],
    },
    async (request) => ok(await createFolder(app.database, request.user.id, request.body)),
  );

  r.put(
    '/mailboxes/:id',
    {
      schema: {
        tags,
        summary: 'Rename or move a custom folder (parentId null moves it to the top)',
        params: idParamsSchema,
        body: updateFolderBodySchema,
        response: { 200: envelopeOf(mailboxSchema) },
      },
      preHandler: [app.authenticate],
    },
    async (request) => ok(await updateFolder(app.database, request.user.id, request.params.id, request.body)),
  );

  r.delete(
    '/mailboxes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a custom folder and its sub-folders; their mail goes to the trash',
        params: idParamsSchema,
        response: { 200: envelopeOf(z.null()) },
      },
      preHandler: [app.authenticate],
    },
    async (request) => {
      await deleteFolder(app.database, contents, request.user.id, request.params.id);
      return ok(null);
    },
  );
}
