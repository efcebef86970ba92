import type { CSSProperties } from 'react';
import classes from './lite.module.css';

/** Mantine's oval Loader: `size` in px, `color` a CSS color (the primary color by default). */
export function LiteLoader({ size = 36, color }: { size?: number; color?: string }) {
  const style = { '--lite-loader-size': `${size / 16}rem`, '--lite-loader-color': color } as CSSProperties;
  return <span className={classes.loader} style={style} aria-hidden />;
}
