import type { FilterRequest } from '@postline/shared/filters';
import { serverFilterRequestSchema } from '../../../../src/modules/filters/engine/request-schema.js';

/** What the Sieve export and import tests share: two folders, and short ways to write a filter. */
export const folders = new Map([
  ['7', 'Projects/2025'],
  ['12', 'INBOX.Meetings'],
]);
export const folderName = (id: string) => folders.get(id) ?? null;
export const resolveFolder = (name: string) => [...folders].find(([, n]) => n === name)?.[0] ?? null;

export const request = (input: unknown): FilterRequest => serverFilterRequestSchema.parse(input);
export const c = (conditionType: string, operator: string, value = '', extra = {}) => ({
  conditionType,
  operator,
  value,
  ...extra,
});
export const a = (actionType: string, actionValue?: string) => ({ actionType, actionValue });
