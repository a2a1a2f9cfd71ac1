import type { ReactNode } from 'react';

interface CheckboxProps {
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
}

/** A checkbox and its label, the label clickable and naming it: the one the forms share. */
export function Checkbox({ name, checked, onChange, children }: CheckboxProps) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-700">
      <input
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4 rounded border-gray-300 accent-brand-500"
      />
      {children}
    </label>
  );
}
