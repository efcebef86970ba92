import type { FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { USERNAME_MAX } from '#contract/auth-limits.ts';
import { LiteButton } from '#src/ui/lite/LiteButton.tsx';
import { LiteField } from '#src/ui/lite/LiteField.tsx';
import lite from '#src/ui/lite/lite.module.css';
import type { FieldErrors } from '../use-login-errors.ts';
import { WechatLogin } from './WechatLogin.tsx';

// The sign-in card's form (LoginPage.tsx holds its state and the puzzle): plain React and CSS
// (src/ui/lite), no Mantine on the sign-in route (decision 0025).
export function LoginForm({
  username,
  password,
  onUsername,
  onPassword,
  fieldErrors,
  formError,
  signingIn,
  onSubmit,
  onFocus,
  onSignedIn,
}: {
  username: string;
  password: string;
  onUsername(value: string): void;
  onPassword(value: string): void;
  fieldErrors: FieldErrors;
  formError: string | null;
  signingIn: boolean;
  onSubmit(e: FormEvent): void;
  onFocus(): void;
  onSignedIn(): void;
}) {
  const { t } = useLingui();
  return (
    <form onSubmit={onSubmit} onFocus={onFocus} noValidate aria-labelledby="login-title">
      <div className={lite.stack}>
        <div>
          <h1 className={lite.title} id="login-title">
            RepairOps
          </h1>
          <p className={lite.dimmed}>
            <Trans>Sign in to your shop</Trans>
          </p>
        </div>
        {formError && (
          <div className={lite.alert} role="alert" data-testid="login-error">
            {formError}
          </div>
        )}
        <LiteField
          label={t`Username`}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => onUsername(e.currentTarget.value)}
          error={fieldErrors.username}
          maxLength={USERNAME_MAX * 4}
          required
        />
        <LiteField
          type="password"
          label={t`Password`}
          toggleLabel={t`Show or hide the password`}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => onPassword(e.currentTarget.value)}
          error={fieldErrors.password}
          required
        />
        <LiteButton type="submit" loading={signingIn}>
          <Trans>Sign in</Trans>
        </LiteButton>
        <WechatLogin onSignedIn={onSignedIn} />
        <div className={lite.between}>
          <Link to="/user/forgot-password" className={`${lite.anchor} ${lite.focusRing}`}>
            <Trans>Forgot password?</Trans>
          </Link>
          <Link to="/user/register" className={`${lite.anchor} ${lite.focusRing}`}>
            <Trans>Register a new shop</Trans>
          </Link>
        </div>
      </div>
    </form>
  );
}
