import type { FilterCondition, Operator } from '@postline/shared/filters';
import { foldText, type PreparedMessage, type TextConditionType } from './message.js';
import { compileFilterRegex } from './regex.js';

export type ConditionOutcome = 'matched' | 'notMatched' | 'invalidRegex';

/** Each NOT_ operator is the exact negation of its positive one; on lists it means "none matches". */
const POSITIVE_OF: Partial<Record<Operator, Operator>> = {
  NOT_CONTAINS: 'CONTAINS',
  NOT_EQUALS: 'EQUALS',
  NOT_EXISTS: 'EXISTS',
};

type TextTest = (candidate: string) => boolean;

/** Wraps a user pattern so EQUALS / STARTS_WITH / ENDS_WITH keep their meaning with isRegex. */
function anchored(positive: Operator, pattern: string): string {
  switch (positive) {
    case 'EQUALS':
      return `^(?:${pattern})$`;
    case 'STARTS_WITH':
      return `^(?:${pattern})`;
    case 'ENDS_WITH':
      return `(?:${pattern})$`;
    default:
      return pattern;
  }
}

function textTest(c: FilterCondition, positive: Operator): TextTest | 'invalidRegex' {
  if (positive === 'REGEX' || c.isRegex) {
    try {
      const re = compileFilterRegex(anchored(positive, c.value.normalize('NFC')), c.caseSensitive);
      return (s) => re.test(s);
    } catch {
      return 'invalidRegex';
    }
  }
  const needle = foldText(c.value, !c.caseSensitive);
  switch (positive) {
    case 'CONTAINS':
      return (s) => s.includes(needle);
    case 'EQUALS':
      return (s) => s === needle;
    case 'STARTS_WITH':
      return (s) => s.startsWith(needle);
    case 'ENDS_WITH':
      return (s) => s.endsWith(needle);
    default:
      return () => false;
  }
}

function textOutcome(c: FilterCondition, type: TextConditionType, m: PreparedMessage): ConditionOutcome {
  const positive = POSITIVE_OF[c.operator] ?? c.operator;
  let found: boolean;
  if (positive === 'EXISTS') {
    found = m.exists(type);
  } else {
    const test = textTest(c, positive);
    if (test === 'invalidRegex') return 'invalidRegex';
    // Regexes get the case flag; plain matching compares folded texts.
    const folded = !(positive === 'REGEX' || c.isRegex) && !c.caseSensitive;
    found = m.texts(type, folded).some(test);
  }
  const result = positive === c.operator ? found : !found;
  return result ? 'matched' : 'notMatched';
}

function sizeOutcome(c: FilterCondition, sizeBytes: number): boolean {
  const limit = Number(c.value);
  if (!Number.isFinite(limit)) return false;
  if (c.operator === 'GREATER_THAN') return sizeBytes > limit;
  if (c.operator === 'LESS_THAN') return sizeBytes < limit;
  return c.operator === 'EQUALS' && sizeBytes === limit;
}

/** Tests one condition against a prepared message. */
export function testCondition(c: FilterCondition, m: PreparedMessage): ConditionOutcome {
  let result: boolean;
  switch (c.conditionType) {
    case 'HAS_ATTACHMENT':
      result = c.operator === 'EXISTS' ? m.hasAttachment() : c.operator === 'NOT_EXISTS' && !m.hasAttachment();
      break;
    case 'IMPORTANCE': {
      const same = m.importance() === c.value.trim().toUpperCase();
      result = c.operator === 'EQUALS' ? same : c.operator === 'NOT_EQUALS' && !same;
      break;
    }
    case 'SIZE':
      result = sizeOutcome(c, m.source.sizeBytes);
      break;
    default:
      return textOutcome(c, c.conditionType, m);
  }
  return result ? 'matched' : 'notMatched';
}
