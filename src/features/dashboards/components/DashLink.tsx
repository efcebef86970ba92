import type { ReactNode } from 'react';
import { Anchor, Paper, Text, type AnchorProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DashboardLink } from '#contract/schemas/dashboards.ts';
import { linkLocation, type LinkLocation } from '../model/links.ts';

/** A router link to the list a dashboard figure counts (see model/links.ts). */
function LocationLink({ location, ...props }: { location: LinkLocation } & Record<string, unknown>) {
  // One branch per page: each page's search is typed by its own route.
  switch (location.to) {
    case '/app/quiry/basicinquiry':
      return <Link {...props} to={location.to} search={location.search} />;
    case '/app/dashboards/devices':
      return <Link {...props} to={location.to} search={location.search} />;
    case '/app/maintenance/maintenance':
      return <Link {...props} to={location.to} search={location.search} />;
    case '/app/pointrecord':
      return <Link {...props} to={location.to} search={{}} />;
    case '/app/shoppingcenter/shoppingcenter':
      return <Link {...props} to={location.to} />;
  }
}

/** Text (a count, a label) that clicks through to the list it counts. */
export function DashLink({
  link,
  children,
  testId,
  ...props
}: { link: DashboardLink; children: ReactNode; testId?: string; title?: string } & AnchorProps) {
  const location = linkLocation(link);
  return (
    <Anchor
      {...props}
      data-testid={testId}
      renderRoot={(rootProps) => <LocationLink {...rootProps} location={location} />}
    >
      {children}
    </Anchor>
  );
}

/**
 * One figure as a card that clicks through (keyboard too: it is a link). `testId` names the figure
 * (`figure-devices`); its value is also in `data-value` for tests.
 */
export function FigureCard({
  label,
  value,
  rawValue,
  hint,
  link,
  testId,
  valueTestId = `${testId}-value`,
  valueSize = 28,
}: {
  label: string;
  value: string;
  rawValue: number | null;
  hint?: ReactNode;
  link: DashboardLink;
  testId: string;
  valueTestId?: string;
  /** Smaller for long values (a date and time). */
  valueSize?: number;
}) {
  const location = linkLocation(link);
  return (
    <Paper
      withBorder
      p="md"
      data-testid={testId}
      data-value={rawValue ?? ''}
      style={{ textDecoration: 'none', color: 'inherit', display: 'block' }}
      renderRoot={(rootProps) => <LocationLink {...rootProps} location={location} />}
    >
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={valueSize} lh={1.2} data-testid={valueTestId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}
