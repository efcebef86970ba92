import { PasswordInput } from '@mantine/core';

export type NewPasswordField = 'password' | 'again';

const FIELDS: readonly NewPasswordField[] = ['password', 'again'];
/** The inputs' form names where the form names its fields. */
const NAMES: Record<NewPasswordField, string> = { password: 'password', again: 'password_again' };

/**
 * A new password and the same again (sign-up, reset, and both ways of changing it in the personal
 * center); the rules stay in lib/form-rules (newPasswordProblem, confirmProblem). The sign-up and
 * reset pages name and require every field; the personal center's forms do neither.
 */
export function NewPasswordFields({
  values,
  onChange,
  errors,
  labels,
  description,
  named = false,
}: {
  values: Record<NewPasswordField, string>;
  onChange(field: NewPasswordField, value: string): void;
  errors: Partial<Record<NewPasswordField, string>>;
  /** The labels, already translated: "Password" on sign-up, "New password" elsewhere. */
  labels: Record<NewPasswordField, string>;
  /** A hint under the first field. */
  description?: string;
  /** Gives the inputs their form names (password, password_again) and marks them required. */
  named?: boolean;
}) {
  return (
    <>
      {FIELDS.map((field) => (
        <PasswordInput
          key={field}
          label={labels[field]}
          description={field === 'password' ? description : undefined}
          name={named ? NAMES[field] : undefined}
          value={values[field]}
          onChange={(e) => onChange(field, e.currentTarget.value)}
          error={errors[field]}
          autoComplete="new-password"
          required={named}
        />
      ))}
    </>
  );
}
