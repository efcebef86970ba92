import { Badge, type BadgeProps } from '@mantine/core';

/**
 * A status badge that meets WCAG AA in light and dark: filled in the colour's darkest shade with
 * white text (the light variant's text is under 4.5:1 for teal, orange and gray).
 */
export function KitBadge({
  color = 'blue',
  ...props
}: BadgeProps & { color?: string; children?: React.ReactNode }) {
  return <Badge {...props} variant="filled" color={`${color}.9`} />;
}
