import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { toast } from '@/components/ui/toast';
import { messageOf } from './api-error';
import { fieldMessagesOf, type FieldMessages } from './form-errors';

type FormValues = Record<string, unknown>;
/** The fields that hold text, which an input or a textarea edits. */
type TextField<TValues> = { [K in keyof TValues]: TValues[K] extends string ? K : never }[keyof TValues];

interface SchemaFormOptions<TSchema extends z.ZodType, TValues extends FormValues> {
  /** The shared contract's request schema: the form checks what the server will. */
  schema: TSchema;
  /** What the form starts with. */
  initial: TValues;
  /** What the schema reads of the values, when it is not the values as they are. */
  toInput?: (values: TValues) => z.input<TSchema>;
  /** Turns the schema's message keys into text in the user's language (useValidationText). */
  validationText: (message: string) => string;
  save: (request: z.output<TSchema>) => Promise<unknown>;
  /** The toast once saved. */
  savedText: string;
  /** Shown when the server's refusal carries no message of its own. */
  failedText: string;
  /** Called once saved, typically closing the modal. */
  onSaved: () => void;
}

/**
 * A modal form checked with the shared schema (templates, categories, signatures): it holds the
 * values; a field's message goes as soon as the user changes that field. Submitting checks the
 * values and shows each field's messages, else saves, says so and closes; a refusal keeps the
 * modal open with the server's reason, already in the user's language.
 */
export function useSchemaForm<TSchema extends z.ZodType, TValues extends FormValues>(
  options: SchemaFormOptions<TSchema, TValues>,
) {
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function set<K extends keyof TValues>(field: K, value: TValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    const key = String(field);
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  }

  /** What an input or textarea needs to edit a text field. */
  function text(field: TextField<TValues>) {
    return {
      value: values[field] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        set(field, event.target.value as TValues[typeof field]),
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = options.schema.safeParse(options.toInput ? options.toInput(values) : values);
    if (!parsed.success) {
      setErrors(fieldMessagesOf(parsed.error, options.validationText));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await options.save(parsed.data);
      toast.success(options.savedText);
      options.onSaved();
    } catch (error) {
      setFormError(messageOf(error, options.failedText));
      setSaving(false);
    }
  }

  return { values, set, text, errors, formError, saving, submit };
}
