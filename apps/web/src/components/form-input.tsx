import type { ComponentProps, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';

/**
 * A text field of a `useSchemaForm` form in one line: its label, its input
 * (a password field with `password`) registered under `name`, and its message.
 */
export function FormInput<T extends FieldValues>({
  form,
  name,
  label,
  id = name,
  password = false,
  hint,
  ...props
}: Omit<ComponentProps<'input'>, 'form' | 'name' | 'id'> & {
  form: UseFormReturn<T, unknown, T>;
  name: Path<T>;
  label: ReactNode;
  id?: string;
  password?: boolean;
  hint?: ReactNode;
}) {
  const error = form.formState.errors[name]?.message;
  const Control = password ? PasswordInput : Input;
  return (
    <FormField id={id} label={label} error={typeof error === 'string' ? error : undefined} hint={hint}>
      <Control id={id} {...props} {...form.register(name)} />
    </FormField>
  );
}
