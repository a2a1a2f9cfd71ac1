import {
  FILTER_CONDITIONS_MAX,
  FILTER_NAME_MAX,
  type FilterAction,
  type FilterCondition,
  type FilterRequest,
} from '@postline/shared/filters';

/*
 * Imported rules can say "any of", "not" and "else"; a Postline filter is an AND of conditions.
 * A rule becomes a disjunction of AND-terms (DNF), and each term a filter of its own.
 */

export type ConditionExpr =
  | { kind: 'condition'; condition: FilterCondition }
  | { kind: 'and'; items: ConditionExpr[] }
  | { kind: 'or'; items: ConditionExpr[] }
  | { kind: 'not'; item: ConditionExpr }
  | { kind: 'constant'; value: boolean };

export const leaf = (condition: FilterCondition): ConditionExpr => ({ kind: 'condition', condition });
export const and = (...items: ConditionExpr[]): ConditionExpr => ({ kind: 'and', items });
export const or = (...items: ConditionExpr[]): ConditionExpr => ({ kind: 'or', items });
export const not = (item: ConditionExpr): ConditionExpr => ({ kind: 'not', item });

export function condition(
  conditionType: FilterCondition['conditionType'],
  operator: FilterCondition['operator'],
  value = '',
  caseSensitive = false,
): FilterCondition {
  return { conditionType, operator, value, caseSensitive, isRegex: false };
}

/** Every real message has a size above 0 bytes: the stand-in for Sieve's `true`. */
export const ALWAYS_TRUE = condition('SIZE', 'GREATER_THAN', '0');

const OPPOSITE: Partial<Record<FilterCondition['operator'], FilterCondition['operator']>> = {
  CONTAINS: 'NOT_CONTAINS',
  NOT_CONTAINS: 'CONTAINS',
  EQUALS: 'NOT_EQUALS',
  NOT_EQUALS: 'EQUALS',
  EXISTS: 'NOT_EXISTS',
  NOT_EXISTS: 'EXISTS',
};

/** The exact negation, or null when no operator expresses it (STARTS_WITH, ENDS_WITH, REGEX). */
export function negateCondition(c: FilterCondition): ConditionExpr | null {
  if (c.conditionType === 'SIZE') {
    const n = Number(c.value);
    // Sizes are whole bytes: not(size > n) is size < floor(n)+1.
    if (c.operator === 'GREATER_THAN')
      return leaf({ ...c, operator: 'LESS_THAN', value: String(Math.floor(n) + 1) });
    if (c.operator === 'LESS_THAN')
      return leaf({ ...c, operator: 'GREATER_THAN', value: String(Math.ceil(n) - 1) });
    return or(leaf({ ...c, operator: 'GREATER_THAN' }), leaf({ ...c, operator: 'LESS_THAN' }));
  }
  const opposite = OPPOSITE[c.operator];
  return opposite ? leaf({ ...c, operator: opposite }) : null;
}

export type DnfResult = { terms: FilterCondition[][] } | { error: 'notInvertible' | 'tooComplex' };
const MAX_TERMS = 8;

function dnf(e: ConditionExpr, negated: boolean): DnfResult {
  switch (e.kind) {
    case 'constant':
      return { terms: e.value !== negated ? [[]] : [] };
    case 'condition': {
      if (!negated) return { terms: [[e.condition]] };
      const opposite = negateCondition(e.condition);
      return opposite ? dnf(opposite, false) : { error: 'notInvertible' };
    }
    case 'not':
      return dnf(e.item, !negated);
    case 'and':
    case 'or': {
      const conjunctive = (e.kind === 'and') !== negated;
      let terms: FilterCondition[][] = conjunctive ? [[]] : [];
      for (const item of e.items) {
        const sub = dnf(item, negated);
        if ('error' in sub) return sub;
        terms = conjunctive
          ? terms.flatMap((t) => sub.terms.map((s) => [...t, ...s]))
          : [...terms, ...sub.terms];
        if (terms.length > MAX_TERMS) return { error: 'tooComplex' };
      }
      return { terms };
    }
  }
}

/** Merges `size > a` with `size < a+2` into `size = a+1` (how Sieve writes an exact size). */
function tidyTerm(term: FilterCondition[]): FilterCondition[] {
  const out: FilterCondition[] = [];
  for (const c of term) {
    if (out.some((o) => JSON.stringify(o) === JSON.stringify(c))) continue;
    out.push(c);
  }
  const gt = out.find((c) => c.conditionType === 'SIZE' && c.operator === 'GREATER_THAN');
  const lt = out.find((c) => c.conditionType === 'SIZE' && c.operator === 'LESS_THAN');
  if (gt && lt && Number(lt.value) - Number(gt.value) === 2) {
    const merged = { ...gt, operator: 'EQUALS' as const, value: String(Number(gt.value) + 1) };
    return out.filter((c) => c !== gt && c !== lt).concat(merged);
  }
  return out;
}

export function toDnf(e: ConditionExpr): DnfResult {
  const result = dnf(e, false);
  return 'error' in result ? result : { terms: result.terms.map(tidyTerm) };
}

export interface SplitResult {
  filters: FilterRequest[];
  /** Set when several split filters may all match and the mail could be forwarded twice. */
  mayRepeatForward: boolean;
  tooManyConditions: boolean;
}

/**
 * One filter per term. Running the same setter actions twice equals running them once, so
 * overlapping terms are harmless except for FORWARD; then later terms get the negation of earlier
 * single-condition terms, or the caller warns. A STOP_PROCESSING makes the first match final anyway.
 */
export function splitIntoFilters(
  base: Pick<FilterRequest, 'name' | 'isActive'> & { description?: string },
  terms: FilterCondition[][],
  actions: FilterAction[],
): SplitResult {
  const overlapMatters =
    terms.length > 1 &&
    actions.some((a) => a.actionType === 'FORWARD') &&
    !actions.some((a) => a.actionType === 'STOP_PROCESSING');
  const result: SplitResult = { filters: [], mayRepeatForward: false, tooManyConditions: false };
  terms.forEach((term, index) => {
    const conditions = term.length ? [...term] : [ALWAYS_TRUE];
    if (overlapMatters) {
      for (const earlier of terms.slice(0, index)) {
        const negated = earlier.length === 1 && earlier[0] ? negateCondition(earlier[0]) : null;
        if (negated?.kind === 'condition') conditions.push(negated.condition);
        else result.mayRepeatForward = true;
      }
    }
    if (conditions.length > FILTER_CONDITIONS_MAX) {
      result.tooManyConditions = true;
      return;
    }
    const suffix = terms.length > 1 ? ` (${index + 1}/${terms.length})` : '';
    result.filters.push({
      name: base.name.slice(0, FILTER_NAME_MAX - suffix.length) + suffix,
      ...(base.description ? { description: base.description } : {}),
      isActive: base.isActive,
      applyToExisting: false,
      conditions,
      actions: actions.map((a, sortOrder) => ({ ...a, sortOrder })),
    });
  });
  return result;
}
