import { Suspense, lazy, useEffect, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrCode } from '#contract/errcodes.ts';
import { PASSWORD_MAX, USERNAME_MAX } from '#contract/auth-limits.ts';
import { preloadApiClient } from '#src/lib/api/client.ts';
import { NetworkError } from '#src/lib/api/errors.ts';
import { clearStaleToasts } from '#src/ui/notify.ts';
import { LiteButton } from '#src/ui/lite/LiteButton.tsx';
import { LiteField } from '#src/ui/lite/LiteField.tsx';
import { LiteLanguageSelect } from '#src/ui/lite/LiteLanguageSelect.tsx';
import { LiteScope } from '#src/ui/lite/LiteScope.tsx';
import lite from '#src/ui/lite/lite.module.css';
import { login } from '../api/auth-api.ts';
import { usePuzzle } from '../use-puzzle.ts';
import { classifyLoginError, type LoginField } from '../login-errors.ts';
import { WechatLogin } from './WechatLogin.tsx';

// The page is plain React and CSS (src/ui/lite), without Mantine: the sign-in route's first load stays
// under 120 kB of JavaScript after gzip (decision 0025). The puzzle is fetched when the user starts
// on the form, so it is there when the form is sent.
const loadPuzzleModal = () => import('./PuzzleModal.tsx');
const PuzzleModal = lazy(() => loadPuzzleModal().then((m) => ({ default: m.PuzzleModal })));

/** Spec section 8: a login error is cleared after 3 s. */
export const LOGIN_ERROR_MS = 3000;

type FieldErrors = Partial<Record<LoginField, string>>;

export function LoginPage({
  onSignedIn,
  onStarted,
}: {
  onSignedIn(): void;
  /** The user started on the form (focus): fetch what the page after sign-in needs. */
  onStarted?(): void;
}) {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [puzzleOpen, setPuzzleOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [puzzleError, setPuzzleError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const puzzle = usePuzzle(attempt, puzzleOpen);

  useEffect(() => {
    if (!formError && !fieldErrors.username && !fieldErrors.password) return;
    const timer = setTimeout(() => {
      setFormError(null);
      setFieldErrors({});
    }, LOGIN_ERROR_MS);
    return () => clearTimeout(timer);
  }, [formError, fieldErrors]);

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    if (!username.trim()) errors.username = t`Please enter your username`;
    else if (username.trim().length > USERNAME_MAX)
      errors.username = t`A username has at most ${USERNAME_MAX} characters`;
    if (!password) errors.password = t`Please enter your password`;
    else if (password.length > PASSWORD_MAX)
      errors.password = t`A password has at most ${PASSWORD_MAX} characters`;
    return errors;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    setFormError(null);
    // A new attempt: what an earlier one (or the page before) warned about is no longer news.
    clearStaleToasts();
    if (errors.username || errors.password) return;
    setPuzzleError(null);
    setAttempt((a) => a + 1);
    setPuzzleOpen(true);
  };

  const newPuzzle = () => {
    setAttempt((a) => a + 1);
  };

  const onRelease = (x: number) => {
    const uniqid = puzzle.data?.uniqid;
    if (!uniqid || signingIn) return;
    setSigningIn(true);
    login({ username: username.trim(), password, tn_r: x, uniqid })
      .finally(() => setSigningIn(false))
      .then(
        () => {
          setPuzzleOpen(false);
          onSignedIn();
        },
        (err: unknown) => {
          const failure = classifyLoginError(err);
          if (failure.where === 'puzzle') {
            setPuzzleError(
              failure.code === ErrCode.PUZZLE_WRONG
                ? t`Not quite: try again`
                : t`The puzzle has expired, here is a new one`,
            );
            newPuzzle();
            return;
          }
          setPuzzleOpen(false);
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
        },
      );
  };

  const validateAll = (fields: LoginField[]): FieldErrors =>
    Object.fromEntries(
      fields.map((f) => [
        f,
        f === 'username' ? t`This username is not valid` : t`This password is not valid`,
      ]),
    );

  return (
    <LiteScope>
      <div className={lite.page}>
        <div className={lite.corner}>
          <LiteLanguageSelect />
        </div>
        <main className={lite.card}>
          <form
            onSubmit={onSubmit}
            onFocus={() => {
              void loadPuzzleModal().catch(() => undefined);
              preloadApiClient();
              onStarted?.();
            }}
            noValidate
            aria-labelledby="login-title"
          >
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
                onChange={(e) => setUsername(e.currentTarget.value)}
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
                onChange={(e) => setPassword(e.currentTarget.value)}
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
        </main>
        {puzzleOpen && (
          <Suspense fallback={null}>
            <PuzzleModal
              onClose={() => setPuzzleOpen(false)}
              puzzle={puzzle}
              busy={signingIn}
              error={puzzleError}
              onRelease={onRelease}
              onRefresh={newPuzzle}
            />
          </Suspense>
        )}
      </div>
    </LiteScope>
  );
}
