import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkComposeFile } from '../src/attachment-rules.js';
import { createMailboxRequestSchema } from '../src/mailbox.js';
import { messageSearchQuerySchema } from '../src/message-queries.js';
import {
  forwardRequestSchema,
  saveDraftRequestSchema,
  sendMessageRequestSchema,
} from '../src/message-requests.js';
import { signatureBulkActiveRequestSchema, signatureRequestSchema } from '../src/signatures.js';
import {
  templateBulkCategoryRequestSchema,
  templateCategoryRequestSchema,
  templateImportRequestSchema,
  templateRequestSchema,
} from '../src/template-requests.js';
import {
  VALIDATION_MESSAGES,
  isValidationMessageKey,
  localizeValidationMessage,
  splitValidationMessage,
} from '../src/validation-messages.js';

describe('validation messages', () => {
  it('shows Korean or English text, with the value in place', () => {
    expect(localizeValidationMessage('toRequired', 'ko')).toBe('받는 사람을 입력해 주세요.');
    expect(localizeValidationMessage('toRequired', 'en')).toBe('Enter at least one recipient.');
    expect(localizeValidationMessage('tooLong|200', 'en')).toBe('At most 200 characters.');
    expect(localizeValidationMessage('invalidVariable|{{a b}}', 'ko')).toContain('{{a b}}');
  });

  it('passes unknown messages through unchanged', () => {
    expect(localizeValidationMessage('Invalid input: expected string', 'ko')).toBe(
      'Invalid input: expected string',
    );
    expect(localizeValidationMessage('constructor', 'en')).toBe('constructor');
  });

  it('does not treat $ patterns in a value as replacement patterns', () => {
    expect(localizeValidationMessage("invalidVariable|{{$'}}", 'en')).toBe(
      "Invalid variable: {{$'}} (use {{name}})",
    );
  });

  it('has both languages for every key', () => {
    for (const text of Object.values(VALIDATION_MESSAGES)) {
      expect(text.ko.trim()).not.toBe('');
      expect(text.en.trim()).not.toBe('');
    }
  });

  it('every message the schemas produce for bad input is a known key', () => {
    const attempts: [z.ZodType, unknown][] = [
      [
        sendMessageRequestSchema,
        { toAddresses: ['x'], subject: '', bodyText: '', priority: 9, labels: [''] },
      ],
      [sendMessageRequestSchema, {}],
      [saveDraftRequestSchema, { importance: 'x', attachmentIds: [0] }],
      [forwardRequestSchema, { originalMessageId: 'a', toAddresses: [] }],
      [messageSearchQuerySchema, { startDate: 'x', sort: 'x', mailboxType: 'x', keyword: 'k'.repeat(300) }],
      [createMailboxRequestSchema, { name: 1 }],
      [templateRequestSchema, { name: '', subject: '{{x y}}', content: '' }],
      [templateCategoryRequestSchema, { color: 'red' }],
      [templateBulkCategoryRequestSchema, { templateIds: 'x' }],
      [templateImportRequestSchema, [1]],
      [signatureRequestSchema, { name: '<', content: '', includeImage: true, signatureType: 'x' }],
      [signatureBulkActiveRequestSchema, { signatureIds: [], isActive: 'yes' }],
    ];
    const unknown: string[] = [];
    for (const [schema, input] of attempts) {
      const issues = schema.safeParse(input).error?.issues ?? [];
      expect(issues.length).toBeGreaterThan(0);
      for (const issue of issues) {
        if (!isValidationMessageKey(splitValidationMessage(issue.message).key)) unknown.push(issue.message);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('file check results are keys too', () => {
    const result = checkComposeFile({ name: 'a.exe', size: 1, type: '' });
    expect(result && isValidationMessageKey(result)).toBe(true);
  });
});
