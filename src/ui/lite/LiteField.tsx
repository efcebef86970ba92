import { useId, useState, type InputHTMLAttributes } from 'react';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import classes from './lite.module.css';

/**
 * Mantine's TextInput / PasswordInput (size sm): the label (with * when required), the input and its
 * error right under it, tied to the input by aria-describedby. A password field gets a button that
 * shows or hides it (as Mantine's: out of the tab order, the label given by `toggleLabel`).
 */
export function LiteField({
  label,
  error,
  type = 'text',
  toggleLabel,
  required,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string;
  type?: 'text' | 'password';
  toggleLabel?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  const password = type === 'password';
  return (
    <div>
      <label htmlFor={id} className={classes.label}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden>
            {' *'}
          </span>
        )}
      </label>
      <div
        className={classes.control}
        data-error={error ? true : undefined}
        data-with-toggle={password || undefined}
      >
        <input
          {...props}
          id={id}
          type={password && !visible ? 'password' : 'text'}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={classes.input}
        />
        {password && (
          <button
            type="button"
            className={classes.toggle}
            tabIndex={-1}
            aria-pressed={visible}
            aria-label={toggleLabel}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <IconEyeOff size={18} /> : <IconEye size={18} />}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className={classes.error} data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}
