import { Suspense, lazy, useEffect, useState, type FormEvent } from 'react';
import {
  Anchor,
  Group,
  Alert,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrCode } from '#contract/errcodes.ts';
import { PASSWORD_MAX, USERNAME_MAX } from '#contract/auth-limits.ts';
import { preloadApiClient } from '#src/lib/api/client.ts';
import { login } from '../api/auth-api.ts';
import { usePuzzle } from '../use-puzzle.ts';
import { classifyLoginError, type LoginField } from '../login-errors.ts';
import { WechatLogin } from './WechatLogin.tsx';

// The puzzle (a Modal, with its focus trap and scroll lock) is fetched when the form is sent, not with
// the page: it keeps the sign-in page's first load small (decision 0025).
// Asked for as soon as the user starts on the form, so it is there when the form is sent.
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
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" p="xl" w={400} maw="100%" component="main">
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
          <Stack>
            <div>
              <Title order={1} fz="h2" id="login-title">
                RepairOps
              </Title>
              <Text c="dimmed" size="sm">
                <Trans>Sign in to your shop</Trans>
              </Text>
            </div>
            {formError && (
              <Alert color="red" role="alert" data-testid="login-error">
                {formError}
              </Alert>
            )}
            <TextInput
              label={t`Username`}
              name="username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              error={fieldErrors.username}
              maxLength={USERNAME_MAX * 4}
              required
            />
            <PasswordInput
              label={t`Password`}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
              required
            />
            <Button type="submit" fullWidth loading={signingIn}>
              <Trans>Sign in</Trans>
            </Button>
            <WechatLogin onSignedIn={onSignedIn} />
            <Group justify="space-between">
              <Anchor component={Link} to="/user/forgot-password" size="sm">
                <Trans>Forgot password?</Trans>
              </Anchor>
              <Anchor component={Link} to="/user/register" size="sm">
                <Trans>Register a new shop</Trans>
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>
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
    </Center>
  );
}
