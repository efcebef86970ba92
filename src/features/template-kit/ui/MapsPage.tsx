import { useState } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { BRANCHES } from '../content/catalog.ts';
import { KitPage } from '../components/KitPage.tsx';

/**
 * The shop's branches on a drawn map: no tile server is reachable (and none is needed offline), so
 * the city is an SVG — a coast, a river, the main roads — with a pin per branch.
 */
export function MapsPage({ title }: { title: string }) {
  const { t, i18n } = useLingui();
  const [selected, setSelected] = useState(BRANCHES[0]!.id);
  const branch = BRANCHES.find((b) => b.id === selected)!;
  return (
    <KitPage title={title} intro={<Trans>Where the shop's branches are; choose one for its details.</Trans>}>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Paper withBorder p="xs" style={{ gridColumn: 'span 2' }}>
          <svg
            viewBox="0 0 100 70"
            width="100%"
            role="img"
            aria-label={t`Map of the branches`}
            data-testid="branch-map"
          >
            <rect width="100" height="70" fill="var(--mantine-color-default-hover)" />
            <path d="M0 62 Q 25 55 50 64 T 100 58 L100 70 L0 70 Z" fill="var(--mantine-color-blue-light)" />
            <path
              d="M30 0 Q 34 20 28 35 T 36 62"
              stroke="var(--mantine-color-blue-light-color)"
              strokeWidth="1.2"
              fill="none"
              opacity="0.6"
            />
            <path d="M0 40 L100 36" stroke="var(--mantine-color-dimmed)" strokeWidth="0.8" opacity="0.5" />
            <path d="M55 0 L60 62" stroke="var(--mantine-color-dimmed)" strokeWidth="0.8" opacity="0.5" />
            <path d="M10 20 L90 28" stroke="var(--mantine-color-dimmed)" strokeWidth="0.5" opacity="0.4" />
            {BRANCHES.map((b) => {
              const active = b.id === selected;
              const x = b.x;
              const y = (b.y * 70) / 100;
              return (
                <g key={b.id} onClick={() => setSelected(b.id)} style={{ cursor: 'pointer' }}>
                  <circle
                    cx={x}
                    cy={y}
                    r={active ? 3.2 : 2.4}
                    fill={active ? 'var(--mantine-color-red-6)' : 'var(--mantine-primary-color-filled)'}
                    stroke="#fff"
                    strokeWidth="0.6"
                  />
                  <text x={x} y={y - 4} fontSize="2.8" textAnchor="middle" fill="var(--mantine-color-text)">
                    {i18n._(b.name)}
                  </text>
                </g>
              );
            })}
          </svg>
        </Paper>
        <Stack gap="xs">
          {BRANCHES.map((b) => (
            <UnstyledButton key={b.id} onClick={() => setSelected(b.id)} aria-pressed={b.id === selected}>
              <Paper
                withBorder
                p="sm"
                bg={b.id === selected ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Text fw={600} size="sm">
                  {i18n._(b.name)}
                </Text>
              </Paper>
            </UnstyledButton>
          ))}
          <Paper withBorder p="sm">
            <Group justify="space-between">
              <Text size="sm">{i18n._(branch.name)}</Text>
              <Badge variant="light">
                <Trans>{branch.technicians} technicians</Trans>
              </Badge>
            </Group>
          </Paper>
        </Stack>
      </SimpleGrid>
    </KitPage>
  );
}
