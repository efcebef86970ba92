import type { MantineThemeOverride } from '@mantine/core';

/**
 * Every modal, drawer and notification gets a named close button by default (axe: button-name), in
 * the current language: a component that passes its own closeButtonProps still wins. Built again
 * when the language changes (app/providers.tsx), since the theme holds plain strings.
 */
export function withCloseLabels(theme: MantineThemeOverride, close: string): MantineThemeOverride {
  const closeButtonProps = { 'aria-label': close };
  return {
    ...theme,
    components: {
      ...theme.components,
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
    },
  };
}
