import { useId, type ReactNode } from 'react';
import { labelClass } from './form-styles';

/** What the control inside a `Field` spreads on itself. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** A line of help under the control. */
  hint?: ReactNode;
  /** The field's messages; a field with any is invalid. */
  errors?: readonly string[] | string | null;
  /** Characters used against the limit, shown to the right under the control. */
  counter?: { length: number; max: number };
  /** Marks the label with a star (the control still says `required` itself). */
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One form field: label, control, errors, counter and hint, the control tied to its label by id and to
 * its errors and hint by aria-describedby, and aria-invalid while it has errors.
 */
export function Field({ label, hint, errors, counter, required, className, children }: FieldProps) {
  const id = useId();
  const messages = typeof errors === 'string' ? [errors] : (errors ?? []);
  const invalid = messages.length > 0;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [invalid && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-1 text-red-500">
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy })}
      {(invalid || counter) && (
        <div className="flex justify-between gap-2">
          {invalid && (
            <div id={errorId} className="mt-1 space-y-0.5 text-sm text-red-600">
              {messages.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
          {counter && (
            <span className="mt-1 ml-auto text-xs text-gray-500 tabular-nums">
              {counter.length}/{counter.max}
            </span>
          )}
        </div>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      )}
    </div>
  );
}
