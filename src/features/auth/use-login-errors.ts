import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ErrCode } from '#contract/errcodes.ts';
import { PASSWORD_MAX, USERNAME_MAX } from '#contract/auth-limits.ts';
import { NetworkError } from '#src/lib/api/errors.ts';
import type { LoginFailure, LoginField } from './login-errors.ts';

// The sign-in form's errors (components/LoginPage.tsx): next to a field or above the form, in the
// words of spec section 8, each gone after LOGIN_ERROR_MS. Plain React: the sign-in route loads no
// Mantine (decision 0025).

/** Spec section 8: a login error is cleared after 3 s. */
export const LOGIN_ERROR_MS = 3000;

export type FieldErrors = Partial<Record<LoginField, string>>;

export function useLoginErrors() {
  const { t } = useLingui();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!formError && !fieldErrors.username && !fieldErrors.password) return;
    const timer = setTimeout(() => {
      setFormError(null);
      setFieldErrors({});
    }, LOGIN_ERROR_MS);
    return () => clearTimeout(timer);
  }, [formError, fieldErrors]);

  const validate = (username: string, password: string): FieldErrors => {
    const errors: FieldErrors = {};
    if (!username.trim()) errors.username = t`Please enter your username`;
    else if (username.trim().length > USERNAME_MAX)
      errors.username = t`A username has at most ${USERNAME_MAX} characters`;
    if (!password) errors.password = t`Please enter your password`;
    else if (password.length > PASSWORD_MAX)
      errors.password = t`A password has at most ${PASSWORD_MAX} characters`;
    return errors;
  };

  const validateAll = (fields: LoginField[]): FieldErrors =>
    Object.fromEntries(
      fields.map((f) => [
        f,
        f === 'username' ? t`This username is not valid` : t`This password is not valid`,
      ]),
    );

  /** A refused sign-in that is not the puzzle's, said where it belongs. */
  const showFailure = (failure: Exclude<LoginFailure, { where: 'puzzle' }>, err: unknown) => {
    if (failure.where === 'field') {
      setFieldErrors({
        [failure.field]:
          failure.code === ErrCode.LOGIN_FAILED
            ? t`Wrong username or password`
            : failure.field === 'username'
              ? t`This user does not exist`
              : t`Wrong password`,
      });
    } else if (failure.where === 'fields') {
      setFieldErrors(validateAll(failure.fields));
    } else if (failure.where === 'form') {
      setFormError(
        failure.code === ErrCode.RATE_LIMITED
          ? t`Too many attempts, please try again in ${failure.retryAfterSeconds} s`
          : failure.code === ErrCode.ACCOUNT_DISABLED
            ? t`This account is disabled, please contact your administrator`
            : t`Sign-in failed, please try again`,
      );
    } else if (err instanceof NetworkError) {
      // The API client leaves the sign-in's failures to the form (ownErrors): said here, once.
      setFormError(err.offline ? t`Please check your network connection` : t`Request timed out`);
    } else {
      setFormError(t`Sign-in failed, please try again`);
    }
  };

  return { fieldErrors, setFieldErrors, formError, setFormError, validate, showFailure };
}
