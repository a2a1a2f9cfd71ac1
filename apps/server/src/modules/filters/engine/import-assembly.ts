import type { Language } from '@postline/shared/errors';
import {
  FILTER_IMPORT_MAX,
  type FilterAction,
  type FilterImportResult,
  type FilterRequest,
} from '@postline/shared/filters';
import { FILTER_VALIDATION_MESSAGES, type FilterValidationKey } from '@postline/shared/filter-messages';
import { splitIntoFilters, toDnf, type ConditionExpr } from './boolean.js';
import { serverFilterRequestSchema } from './request-schema.js';
import { WarningList } from './warnings.js';

/** One imported rule before it becomes filters: a condition expression and its actions. */
export interface RuleCandidate {
  name: string;
  isActive: boolean;
  expr: ConditionExpr;
  actions: Array<Pick<FilterAction, 'actionType' | 'actionValue'>>;
  line: number | null;
  /** Text shown with warnings about this rule. */
  source: string;
}

/** Turns rules into valid filter requests; every rule that cannot become one leaves a warning. */
export class ImportCollector {
  readonly warnings: WarningList;
  private readonly filters: FilterRequest[] = [];
  private readonly missingFolders = new Set<string>();
  private capped = false;

  constructor(private readonly language: Language = 'ko') {
    this.warnings = new WarningList(language);
  }

  missingFolder(name: string, line: number | null, source: string): void {
    if (this.missingFolders.has(name)) return;
    this.missingFolders.add(name);
    this.warnings.add('folderNotFound', line, source, { name });
  }

  addRule(rule: RuleCandidate): void {
    const { line, source } = rule;
    if (rule.actions.length === 0) return this.warnings.add('noActions', line, source);
    const dnf = toDnf(rule.expr);
    if ('error' in dnf) return this.warnings.add(dnf.error, line, source);
    if (dnf.terms.length === 0) return this.warnings.add('neverMatches', line, source);
    const actions = rule.actions.map((a, sortOrder) => ({ ...a, sortOrder }));
    const split = splitIntoFilters({ name: rule.name, isActive: rule.isActive }, dnf.terms, actions);
    if (split.tooManyConditions) this.warnings.add('tooComplex', line, source);
    if (split.filters.length > 1)
      this.warnings.add('ruleSplit', line, source, { count: split.filters.length });
    if (split.mayRepeatForward) this.warnings.add('mayRepeatForward', line, source);
    for (const candidate of split.filters) this.accept(candidate, line, source);
  }

  private accept(candidate: FilterRequest, line: number | null, source: string): void {
    if (this.filters.length >= FILTER_IMPORT_MAX) {
      if (!this.capped) this.warnings.add('tooManyFilters', line, source, { count: FILTER_IMPORT_MAX });
      this.capped = true;
      return;
    }
    const parsed = serverFilterRequestSchema.safeParse(candidate);
    if (parsed.success) {
      this.filters.push(parsed.data);
      return;
    }
    const issue = parsed.error.issues[0];
    const key = issue?.message as FilterValidationKey | undefined;
    const text =
      key && key in FILTER_VALIDATION_MESSAGES ? FILTER_VALIDATION_MESSAGES[key][this.language] : key;
    this.warnings.add('invalidFilter', line, source, {
      detail: `${issue?.path.join('.') ?? ''} ${text ?? ''}`.trim(),
    });
  }

  result(): FilterImportResult {
    return { filters: this.filters, warnings: this.warnings.items, missingFolders: [...this.missingFolders] };
  }
}
