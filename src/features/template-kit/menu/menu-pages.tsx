import { Badge, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { KitPage } from '../components/KitPage.tsx';

/** The side menu's 4 display states (spec section 2), cycled by the menu button. */
const STATES = [
  { id: 'full', label: msg`Full menu`, what: msg`Icons and labels beside the page.` },
  { id: 'compact', label: msg`Icons only`, what: msg`A narrow strip; labels show as tooltips.` },
  { id: 'hidden', label: msg`Hidden`, what: msg`The page takes the whole width.` },
  { id: 'overlay', label: msg`Over the page`, what: msg`The full menu over the content; Escape closes it.` },
];

/** Menu types: the states of the side menu, which the menu button cycles through. */
export function MenuTypes({ title }: { title: string }) {
  const { i18n } = useLingui();
  return (
    <KitPage
      title={title}
      intro={<Trans>Click the menu button at the top left: the menu moves to its next state.</Trans>}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {STATES.map((s, i) => (
          <Paper key={s.id} withBorder p="md">
            <Group justify="space-between">
              <Text fw={600}>{i18n._(s.label)}</Text>
              <Badge variant="light">{i + 1}</Badge>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {i18n._(s.what)}
            </Text>
            <Code mt="xs">data-menu-state="{s.id}"</Code>
          </Paper>
        ))}
      </SimpleGrid>
    </KitPage>
  );
}

/** A page three levels down in the menu (Menu › Menu levels › Third level n). */
export function MenuLevel({ title, level }: { title: string; level: 1 | 2 | 3 }) {
  const others = ([1, 2, 3] as const).filter((l) => l !== level);
  return (
    <KitPage title={title}>
      <Paper withBorder p="lg">
        <Stack gap="xs">
          <Title order={3} size="h5">
            <Trans>This page sits on the third level of the side menu.</Trans>
          </Title>
          <Text size="sm">
            <Trans>Template kit › Menu › Menu levels › Third level {level}</Trans>
          </Text>
          <Group>
            {others.map((l) => (
              <Text
                key={l}
                component={Link}
                to={`/app/menu/levels/third-level-${l}`}
                c="var(--mantine-color-anchor)"
                size="sm"
              >
                <Trans>Third level {l}</Trans>
              </Text>
            ))}
          </Group>
        </Stack>
      </Paper>
    </KitPage>
  );
}
