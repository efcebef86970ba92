import { Trans, useLingui } from '@lingui/react/macro';
import { LiteButton } from '#src/ui/lite/LiteButton.tsx';
import { LiteDialog } from '#src/ui/lite/LiteDialog.tsx';
import type { PuzzleState } from '../use-puzzle.ts';
import { SliderPuzzle } from './SliderPuzzle.tsx';
import classes from './SliderPuzzle.module.css';

/**
 * The slider puzzle of the sign-in (spec section 1) in its modal: the puzzle, its loading state or
 * a retry. Its own chunk, fetched when the user starts on the form (LoginPage); plain React like the
 * page (decision 0025).
 */
export function PuzzleModal({
  onClose,
  puzzle,
  busy,
  error,
  onRelease,
  onRefresh,
}: {
  onClose(): void;
  puzzle: PuzzleState;
  busy: boolean;
  error: string | null;
  onRelease(x: number): void;
  onRefresh(): void;
}) {
  const { t } = useLingui();
  return (
    <LiteDialog title={t`Complete the puzzle to sign in`} closeLabel={t`Close`} onClose={onClose}>
      {puzzle.data ? (
        <SliderPuzzle
          key={puzzle.data.uniqid}
          puzzle={puzzle.data}
          busy={busy}
          error={error}
          onRelease={onRelease}
          onRefresh={onRefresh}
        />
      ) : puzzle.isError ? (
        <div className={classes.failed}>
          <p className={classes.failedText}>
            <Trans>The puzzle could not be loaded.</Trans>
          </p>
          <LiteButton variant="default" className={classes.retry} onClick={puzzle.refetch}>
            <Trans>Try again</Trans>
          </LiteButton>
        </div>
      ) : (
        <div className={classes.waiting}>
          <Trans>Loading the puzzle…</Trans>
        </div>
      )}
    </LiteDialog>
  );
}
