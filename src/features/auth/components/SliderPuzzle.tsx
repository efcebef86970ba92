import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { IconArrowRight, IconRefresh } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Tncode } from '#contract/schemas/auth.ts';
import { LiteLoader } from '#src/ui/lite/LiteLoader.tsx';
import lite from '#src/ui/lite/lite.module.css';
import classes from './SliderPuzzle.module.css';

export interface SliderPuzzleProps {
  puzzle: Tncode;
  busy: boolean;
  error: string | null;
  onRelease(x: number): void;
  onRefresh(): void;
}

const HANDLE = 44;

/**
 * The slider check of the login (tncode): drag the handle, the piece follows; releasing sends how
 * far it went. Works with mouse, touch and pen (pointer events) and with the keyboard (arrows, Enter).
 */
export function SliderPuzzle({ puzzle, busy, error, onRelease, onRefresh }: SliderPuzzleProps) {
  const { t } = useLingui();
  const [x, setX] = useState(0);
  const drag = useRef<{ startClientX: number; startX: number } | null>(null);
  const maxX = puzzle.width - puzzle.piece_width;
  const clamp = (value: number) => Math.max(0, Math.min(maxX, value));
  // The track is as wide as the picture; the handle travels the same distance as the piece.
  const handleLeft = (x / maxX) * (puzzle.width - HANDLE);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (busy) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startClientX: e.clientX, startX: x };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const moved = ((e.clientX - drag.current.startClientX) * maxX) / (puzzle.width - HANDLE);
    setX(clamp(drag.current.startX + moved));
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    if (x > 0) onRelease(Math.round(x));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (busy) return;
    const step = e.shiftKey ? 10 : 1;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') setX((v) => clamp(v + step));
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') setX((v) => clamp(v - step));
    else if (e.key === 'Home') setX(0);
    else if (e.key === 'End') setX(maxX);
    else if (e.key === 'Enter' || e.key === ' ') onRelease(Math.round(x));
    else return;
    e.preventDefault();
  };

  return (
    <div style={{ width: puzzle.width }} className={classes.root} data-testid="slider-puzzle">
      <div className={classes.picture} style={{ width: puzzle.width, height: puzzle.height }}>
        <img
          src={puzzle.bg}
          width={puzzle.width}
          height={puzzle.height}
          alt={t`Puzzle picture with a gap`}
          draggable={false}
        />
        <img
          src={puzzle.piece}
          className={classes.piece}
          style={{ left: x, top: puzzle.y }}
          width={puzzle.piece_width}
          height={puzzle.piece_height}
          alt=""
          draggable={false}
          data-testid="puzzle-piece"
        />
        {busy && (
          <div className={classes.overlay}>
            <LiteLoader size={22} />
          </div>
        )}
      </div>
      <div className={classes.track} data-error={error ? 'true' : undefined}>
        <div className={classes.fill} style={{ width: handleLeft + HANDLE / 2 }} />
        <p className={classes.hint} aria-hidden>
          <Trans>Drag the slider to fit the piece</Trans>
        </p>
        <div
          role="slider"
          tabIndex={0}
          aria-label={t`Drag the slider to fit the piece`}
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={Math.round(x)}
          aria-disabled={busy}
          className={classes.handle}
          style={{ left: handleLeft, width: HANDLE }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          data-testid="slider-handle"
        >
          <IconArrowRight size={20} />
        </div>
      </div>
      <div className={classes.footer}>
        <p className={classes.error} role="alert" data-testid="puzzle-error">
          {error ?? ''}
        </p>
        {/* The browser's own tooltip (title): the sign-in page has no Mantine (decision 0025). */}
        <button
          type="button"
          className={`${lite.iconButton} ${lite.focusRing}`}
          onClick={onRefresh}
          aria-label={t`New puzzle`}
          title={t`New puzzle`}
          disabled={busy}
        >
          <IconRefresh size={18} />
        </button>
      </div>
    </div>
  );
}
