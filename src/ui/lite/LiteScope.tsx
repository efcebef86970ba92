import { useState, type ReactNode } from 'react';
import { liteThemeStyle } from './lite-theme.ts';
import classes from './lite.module.css';

/** The stored theme for the plain components inside (decision 0025), read once like the app's. */
export function LiteScope({ children }: { children: ReactNode }) {
  const [style] = useState(liteThemeStyle);
  return (
    <div className={classes.scope} style={style}>
      {children}
    </div>
  );
}
