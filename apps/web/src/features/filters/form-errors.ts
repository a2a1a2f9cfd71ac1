import { filterRequestSchema } from '@postline/shared/filter-requests';
import { FILTER_VALIDATION_MESSAGES, type FilterValidationKey } from '@postline/shared/filter-messages';
import type { Language } from '@postline/shared/errors';
import type { FieldError } from '@/lib/api-error';
import type { FilterSubmission } from './form-model';

/**
 * Where a message shows in the form: 'name', 'description', 'conditions', 'actions', 'form', or one
 * field of one row, e.g. `condition:c3:value`.
 */
export type FormErrors = Record<string, string>;

export const conditionField = (rowKey: string, field: string) => `condition:${rowKey}:${field}`;
export const actionField = (rowKey: string, field: string) => `action:${rowKey}:${field}`;

/** A dotted path of the request (`conditions.1.value`) as a place in the form. */
function placeOf(path: readonly PropertyKey[], submission: FilterSubmission): string {
  const [head, index, field] = path;
  if (head === 'name' || head === 'description') return head;
  if (head === 'conditions' || head === 'actions') {
    const keys = head === 'conditions' ? submission.conditionKeys : submission.actionKeys;
    const key = typeof index === 'number' || typeof index === 'string' ? keys[Number(index)] : undefined;
    if (key === undefined) return head;
    const place = head === 'conditions' ? conditionField : actionField;
    return place(key, typeof field === 'string' ? field : head === 'conditions' ? 'value' : 'actionValue');
  }
  return 'form';
}

function addFirst(errors: FormErrors, place: string, message: string): void {
  errors[place] ??= message;
}

/**
 * The shared contract's rules (the ones the server applies too), run before sending so the user sees
 * an empty value or a bad pattern at once, in the current language.
 */
export function contractErrors(submission: FilterSubmission, lng: Language): FormErrors {
  const result = filterRequestSchema.safeParse(submission.request);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.message as FilterValidationKey;
    const text = FILTER_VALIDATION_MESSAGES[key]?.[lng] ?? issue.message;
    addFirst(errors, placeOf(issue.path, submission), text);
  }
  return errors;
}

/** A 400's field errors (already in the request's language) placed on the rows they name. */
export function serverFieldErrors(
  fieldErrors: readonly FieldError[],
  submission: FilterSubmission,
): FormErrors {
  const errors: FormErrors = {};
  for (const { field, message } of fieldErrors) {
    addFirst(
      errors,
      placeOf(
        field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        submission,
      ),
      message,
    );
  }
  return errors;
}
