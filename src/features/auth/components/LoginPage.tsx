import { Suspense, lazy, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ErrCode } from '#contract/errcodes.ts';
import { preloadApiClient } from '#src/lib/api/client.ts';
import { clearStaleToasts } from '#src/ui/notify.ts';
import { LiteLanguageSelect } from '#src/ui/lite/LiteLanguageSelect.tsx';
import { LiteScope } from '#src/ui/lite/LiteScope.tsx';
import lite from '#src/ui/lite/lite.module.css';
import { login } from '../api/auth-api.ts';
import { usePuzzle } from '../use-puzzle.ts';
import { classifyLoginError } from '../login-errors.ts';
import { useLoginErrors } from '../use-login-errors.ts';
import { LoginForm } from './LoginForm.tsx';

// The page is plain React and CSS (src/ui/lite), without Mantine: the sign-in route's first load stays
// under 120 kB of JavaScript after gzip (decision 0025). The puzzle is fetched when the user starts
// on the form, so it is there when the form is sent.
const loadPuzzleModal = () => import('./PuzzleModal.tsx');
const PuzzleModal = lazy(() => loadPuzzleModal().then((m) => ({ default: m.PuzzleModal })));

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
  const { fieldErrors, setFieldErrors, formError, setFormError, validate, showFailure } = useLoginErrors();
  const [puzzleOpen, setPuzzleOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [puzzleError, setPuzzleError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const puzzle = usePuzzle(attempt, puzzleOpen);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errors = validate(username, password);
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
          showFailure(failure, err);
        },
      );
  };

  return (
    <LiteScope>
      <div className={lite.page}>
        <div className={lite.corner}>
          <LiteLanguageSelect />
        </div>
        <main className={lite.card}>
          <LoginForm
            username={username}
            password={password}
            onUsername={setUsername}
            onPassword={setPassword}
            fieldErrors={fieldErrors}
            formError={formError}
            signingIn={signingIn}
            onSubmit={onSubmit}
            onFocus={() => {
              void loadPuzzleModal().catch(() => undefined);
              preloadApiClient();
              onStarted?.();
            }}
            onSignedIn={onSignedIn}
          />
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
