import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { toast } from '@/components/ui/toast';
import { messageOf } from './api-error';
import { fieldMessagesOf, type FieldMessages } from './form-errors';

interface SchemaFormOptions<TSchema extends z.ZodType> {
  /** The shared contract's request schema: the form checks what the server will. */
  schema: TSchema;
  /** What the form holds now, as the schema reads it. */
  values: z.input<TSchema>;
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
 * The submit of a modal form (templates, categories, signatures): check the values with the shared
 * schema and show each field's messages, else save, say so and close; a refusal keeps the modal open
 * with the server's reason, already in the user's language. A field's message goes as soon as the
 * user changes that field (`clearError`).
 */
export function useSchemaForm<TSchema extends z.ZodType>(options: SchemaFormOptions<TSchema>) {
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const clearError = (field: string) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = options.schema.safeParse(options.values);
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

  return { errors, clearError, formError, saving, submit };
}
