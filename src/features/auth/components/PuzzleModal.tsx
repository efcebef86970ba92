import { Button, Center, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PuzzleState } from '../use-puzzle.ts';
import { SliderPuzzle } from './SliderPuzzle.tsx';

/**
 * The slider puzzle of the sign-in (spec section 1) in its modal: the puzzle, its loading state or
 * a retry. Its own chunk, fetched when the form is sent (LoginPage).
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
    <Modal opened onClose={onClose} title={t`Complete the puzzle to sign in`} centered size="auto">
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
        <Stack align="center" w={320}>
          <Text c="red">
            <Trans>The puzzle could not be loaded.</Trans>
          </Text>
          <Button variant="light" onClick={puzzle.refetch}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      ) : (
        <Center w={320} h={220}>
          <Text c="dimmed">
            <Trans>Loading the puzzle…</Trans>
          </Text>
        </Center>
      )}
    </Modal>
  );
}
