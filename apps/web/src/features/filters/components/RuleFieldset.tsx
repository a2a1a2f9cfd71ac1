import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';

interface RuleFieldsetProps {
  legend: string;
  note: string;
  /** What is wrong with the rows as a whole (none, too many...). */
  error: string | undefined;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  /** The rows, each an <li>. */
  children: ReactNode;
}

/** The form's conditions or its actions: the rows, what is wrong with them, and one more. */
export function RuleFieldset({ legend, note, error, addLabel, canAdd, onAdd, children }: RuleFieldsetProps) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-gray-900">{legend}</legend>
      <p className="mb-2 text-xs text-gray-500">{note}</p>
      <ul className="space-y-2">{children}</ul>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
      <Button
        size="sm"
        variant="secondary"
        className="mt-2"
        icon={<span aria-hidden="true">+</span>}
        disabled={!canAdd}
        onClick={onAdd}
      >
        {addLabel}
      </Button>
    </fieldset>
  );
}
