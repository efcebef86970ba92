import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { IconX } from '@tabler/icons-react';
import classes from './lite.module.css';

/**
 * Mantine's Modal (centered, size auto) as the browser's own modal <dialog>: showModal() gives the
 * focus trap, the inert page behind, Escape and the top layer. Closes on Escape, on the close button
 * and on a click beside it (the backdrop), as Mantine's does.
 */
export function LiteDialog({
  title,
  closeLabel,
  onClose,
  children,
}: {
  title: string;
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    // jsdom (the tests) has no showModal: the dialog is then only open.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => dialog.close?.();
  }, []);
  // A click on the backdrop targets the dialog itself; its content fills it otherwise.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) onClose();
  };
  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={onClick}
    >
      <header className={classes.dialogHeader}>
        <h2 id={titleId} className={classes.dialogTitle}>
          {title}
        </h2>
        <button
          type="button"
          className={`${classes.iconButton} ${classes.closeButton} ${classes.focusRing}`}
          aria-label={closeLabel}
          onClick={onClose}
        >
          <IconX size={18} />
        </button>
      </header>
      <div className={classes.dialogBody}>{children}</div>
    </dialog>
  );
}
