import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

/*
 * Issue 16 part 5: every answer has a schema in packages/shared, used by its route. The OpenAPI
 * document is generated from the routes' schemas, so an operation without a described success
 * answer is a route that skipped its schema.
 */

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

let ctx: TestContext;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  ctx = await createTestApp();
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  paths = doc.json().paths;
});
afterAll(async () => ctx.close());

function successAnswers(op: Operation) {
  return Object.entries(op.responses ?? {}).filter(([code]) => code.startsWith('2'));
}

describe('response schemas', () => {
  it('describes a success answer with a content schema for every API operation', () => {
    const operations = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(100);
    const undescribed = operations
      .filter(({ name }) => !name.startsWith('HEAD '))
      .filter(({ op }) => {
        const answers = successAnswers(op);
        return answers.length === 0 || answers.some(([, answer]) => !answer.content);
      })
      .map(({ name }) => name);
    expect(undescribed).toEqual([]);
  });

  it('documents the envelope of JSON answers and the content type of files', () => {
    const deleteAnswer = successAnswers(paths['/api/v1/messages/{id}']!.delete!)[0]![1];
    const envelope = deleteAnswer.content!['application/json']!.schema!;
    expect(envelope).toMatchObject({
      properties: { success: { enum: [true] }, data: { properties: { permanent: { type: 'boolean' } } } },
    });
    const original = successAnswers(paths['/api/v1/messages/{id}/original']!.get!)[0]![1];
    expect(original.content!['message/rfc822']!.schema).toMatchObject({ type: 'string', format: 'binary' });
    const exported = successAnswers(paths['/api/v1/filters/{id}/export']!.get!)[0]![1];
    expect(exported.content!['application/json']!.schema).toMatchObject({
      properties: { version: { enum: [1] }, filters: { type: 'array' } },
    });
  });
});
