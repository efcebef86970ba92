import { useState, type ReactNode } from 'react';
import { getThemeColor, getThemeRadius } from '#src/lib/storage.ts';
import classes from './lite.module.css';
import './lite-theme.css';

/**
 * The stored theme for the plain components inside (decision 0025), read once like the app's: the
 * stored color and radius as they are, which lite-theme.css turns into the variables (an unknown
 * color matches none of its colors and keeps light.blueolympic, as parseThemeColor does).
 */
export function LiteScope({ children }: { children: ReactNode }) {
  const [theme] = useState(() => ({ color: getThemeColor(), radius: getThemeRadius() }));
  return (
    <div className={classes.scope} data-lite-theme={theme.color} data-lite-radius={theme.radius}>
      {children}
    </div>
  );
}
