import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { LiteLoader } from './LiteLoader.tsx';
import classes from './lite.module.css';

/** Mantine's Button (size sm, fullWidth): filled in the primary color, or 'default' (outlined). */
export function LiteButton({
  variant = 'filled',
  loading = false,
  leftSection,
  children,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'filled' | 'default';
  loading?: boolean;
  leftSection?: ReactNode;
}) {
  return (
    <button
      type="button"
      {...props}
      disabled={props.disabled || loading}
      data-variant={variant}
      data-loading={loading || undefined}
      className={[classes.button, classes.focusRing, className].filter(Boolean).join(' ')}
    >
      <span className={classes.buttonLabel}>
        {leftSection && <span className={classes.leftSection}>{leftSection}</span>}
        {children}
      </span>
      {loading && (
        <span className={classes.buttonLoader}>
          <LiteLoader size={18} color="var(--lite-on-primary)" />
        </span>
      )}
    </button>
  );
}
