import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { REPAIR_SERVICES, formatYuan } from '../content/catalog.ts';
import { Ltr } from '#src/ui/Ltr.tsx';
import { KitPage } from '../components/KitPage.tsx';
import classes from './print.module.css';

interface PageProps {
  title: string;
}

function PrintButton() {
  return (
    <Button
      variant="light"
      leftSection={<IconPrinter size={18} aria-hidden />}
      onClick={() => window.print()}
      data-print-hide
    >
      <Trans>Print</Trans>
    </Button>
  );
}

const PLANS = [
  {
    id: 'basic',
    name: msg`Basic care`,
    price: 99,
    features: [msg`Free battery health check`, msg`10% off parts`],
  },
  {
    id: 'plus',
    name: msg`Care plus`,
    price: 199,
    features: [msg`Free battery health check`, msg`20% off parts`, msg`One free screen protector a year`],
  },
  {
    id: 'business',
    name: msg`Business fleet`,
    price: 999,
    features: [msg`Up to 20 phones`, msg`Pick-up and delivery`, msg`Replacement phone during repairs`],
  },
];

/** The shop's repair price list and care plans; prints as a clean sheet for the counter. */
export function Prices({ title }: PageProps) {
  const { i18n } = useLingui();
  return (
    <KitPage title={title} actions={<PrintButton />}>
      <Paper withBorder p="lg" className={classes.document} data-testid="printable">
        <Title order={3} size="h4" mb="sm">
          <Trans>Repair prices, parts and labour included</Trans>
        </Title>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Service</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Usual time</Trans>
              </Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>
                <Trans>From</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {REPAIR_SERVICES.map((s) => {
              const minutes = s.minutes;
              return (
                <Table.Tr key={s.id}>
                  <Table.Td>{i18n._(s.name)}</Table.Td>
                  <Table.Td>
                    <Trans>{minutes} min</Trans>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'end' }}>
                    <Ltr>{formatYuan(s.price, i18n.locale)}</Ltr>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Title order={3} size="h4" mt="lg" mb="sm">
          <Trans>Care plans, per year</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {PLANS.map((plan) => (
            <Card key={plan.id} withBorder>
              <Group justify="space-between">
                <Text fw={700}>{i18n._(plan.name)}</Text>
                {plan.id === 'plus' && (
                  <Badge>
                    <Trans>Popular</Trans>
                  </Badge>
                )}
              </Group>
              <Text size="xl" fw={700} my="xs">
                <Ltr>{formatYuan(plan.price, i18n.locale)}</Ltr>
              </Text>
              <List size="sm" spacing={4}>
                {plan.features.map((f) => (
                  <List.Item key={f.id}>{i18n._(f)}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
      </Paper>
    </KitPage>
  );
}

const LINES = [
  { item: REPAIR_SERVICES[0]!, qty: 1 },
  { item: REPAIR_SERVICES[1]!, qty: 1 },
  { item: { id: 'protector', name: msg`Tempered glass screen protector`, price: 49, minutes: 0 }, qty: 2 },
];

/** A repair invoice; prints as the document alone. */
export function Invoice({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const subtotal = LINES.reduce((sum, l) => sum + l.item.price * l.qty, 0);
  const tax = Math.round(subtotal * 0.06 * 100) / 100;
  const money = (v: number) => formatYuan(v, i18n.locale);
  return (
    <KitPage title={title} actions={<PrintButton />}>
      <Paper withBorder p="xl" maw={820} className={classes.document} data-testid="printable">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3}>RepairOps</Title>
            <Text size="sm">{t`Main shop, Huaqiangbei`}</Text>
            <Text size="sm">
              <Ltr>+86 755 8888 6666</Ltr>
            </Text>
          </div>
          <Stack gap={2} align="flex-end">
            <Title order={3} size="h4">
              <Trans>Invoice</Trans> <Ltr>INV-2026-1122</Ltr>
            </Title>
            <Text size="sm">
              <Ltr>2026-11-22</Ltr>
            </Text>
          </Stack>
        </Group>
        <Text size="sm" mt="lg" fw={600}>
          <Trans>Billed to</Trans>
        </Text>
        <Text size="sm">
          {t`Ms. Chen`} · <Ltr>139 **** 5678</Ltr>
        </Text>
        <Text size="sm">
          <Ltr>iPhone 14</Ltr> · IMEI <Ltr>353918104477205</Ltr>
        </Text>
        <Table mt="lg">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Item`}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t`Quantity`}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t`Unit price`}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t`Amount`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {LINES.map((l) => (
              <Table.Tr key={l.item.id}>
                <Table.Td>{i18n._(l.item.name)}</Table.Td>
                <Table.Td style={{ textAlign: 'end' }}>{l.qty}</Table.Td>
                <Table.Td style={{ textAlign: 'end' }}>
                  <Ltr>{money(l.item.price)}</Ltr>
                </Table.Td>
                <Table.Td style={{ textAlign: 'end' }}>
                  <Ltr>{money(l.item.price * l.qty)}</Ltr>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap={2} align="flex-end" mt="md">
          <Text size="sm">
            {t`Subtotal`}: <Ltr>{money(subtotal)}</Ltr>
          </Text>
          <Text size="sm">
            {t`VAT 6%`}: <Ltr>{money(tax)}</Ltr>
          </Text>
          <Text fw={700}>
            {t`Total`}: <Ltr>{money(subtotal + tax)}</Ltr>
          </Text>
        </Stack>
        <Text size="xs" c="dimmed" mt="xl">
          <Trans>90-day warranty on parts and work. Keep this invoice as the warranty card.</Trans>
        </Text>
      </Paper>
    </KitPage>
  );
}
