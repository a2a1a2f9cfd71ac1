import type { ConditionType } from '@postline/shared/filters';
import { parseSearchQuery, type SearchField, type SearchNode } from '@postline/shared/search-syntax';
import { and, condition, leaf, not, or, type ConditionExpr } from './boolean.js';

/*
 * A Gmail filter property holds Gmail search syntax, read by the same parser as the search box
 * (packages/shared search-syntax.ts). What a filter can express becomes conditions: words and
 * phrases in a field, has:attachment, larger:/smaller:. What it cannot (is:, in:, dates, label:,
 * ...) is reported as unsupported. Gmail matches whole words; Postline matches substrings, which
 * may match a little more.
 */

export type GmailTextField = Extract<
  ConditionType,
  'FROM' | 'TO' | 'CC' | 'BCC' | 'SUBJECT' | 'BODY' | 'ATTACHMENT'
>;
export type GmailQueryResult = { expr: ConditionExpr } | { unsupported: string };

const FIELDS: Record<Exclude<SearchField, 'any'>, GmailTextField> = {
  from: 'FROM',
  to: 'TO',
  cc: 'CC',
  bcc: 'BCC',
  subject: 'SUBJECT',
  filename: 'ATTACHMENT',
};

class Unsupported extends Error {}

/** The conditions of one query node; a plain word searches the property's own field. */
function toCondition(node: SearchNode, field: GmailTextField): ConditionExpr {
  switch (node.kind) {
    case 'and':
      return and(...node.items.map((item) => toCondition(item, field)));
    case 'or':
      return or(...node.items.map((item) => toCondition(item, field)));
    case 'not':
      return not(toCondition(node.item, field));
    case 'text':
      return leaf(condition(node.field === 'any' ? field : FIELDS[node.field], 'CONTAINS', node.value));
    case 'has':
      return leaf(condition('HAS_ATTACHMENT', 'EXISTS'));
    case 'size':
      return leaf(condition('SIZE', node.op === 'larger' ? 'GREATER_THAN' : 'LESS_THAN', String(node.bytes)));
    case 'is':
      throw new Unsupported(`is:${node.what}`);
    case 'in':
      throw new Unsupported(`in:${node.folder}`);
    case 'date':
      throw new Unsupported(`${node.op}:${node.date}`);
  }
}

/**
 * Parses a property value. Plain words search `field`; `combine: 'any'` reads the top level as
 * alternatives (Gmail's "Doesn't have" means none of the words).
 */
export function parseGmailQuery(
  text: string,
  field: GmailTextField,
  combine: 'all' | 'any' = 'all',
): GmailQueryResult {
  const parsed = parseSearchQuery(text, { combine });
  if (!parsed.ok) return { unsupported: parsed.error.value || text };
  if (!parsed.node) return { unsupported: text };
  try {
    return { expr: toCondition(parsed.node, field) };
  } catch (error) {
    if (error instanceof Unsupported) return { unsupported: error.message };
    throw error;
  }
}
