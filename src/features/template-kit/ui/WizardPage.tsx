import { useState } from 'react';
import { Button, Group, Loader, Paper, Select, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { REPAIR_SERVICES } from '../content/catalog.ts';
import { KitPage } from '../components/KitPage.tsx';
import { DEMO_SPINNER_MS, wait } from '../demo-timings.ts';

/** A repair intake in steps: customer, device, confirmation; the last step spins 2 s (spec section 9). */
export function Wizard({ title }: { title: string }) {
  const { t, i18n } = useLingui();
  const [active, setActive] = useState(0);
  const [name, setName] = useState('');
  const [model, setModel] = useState('');
  const [service, setService] = useState<string | null>('screen');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [finishing, setFinishing] = useState(false);

  const next = () => {
    const problems: Record<string, string> = {};
    if (active === 0 && !name.trim()) problems.name = t`Please enter the customer's name`;
    if (active === 1 && !model.trim()) problems.model = t`Please enter the device model`;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    if (active === 2) {
      setFinishing(true);
      void wait(DEMO_SPINNER_MS).then(() => {
        setFinishing(false);
        setActive(3);
      });
      return;
    }
    setActive((s) => s + 1);
  };
  const chosen = REPAIR_SERVICES.find((s) => s.id === service);

  return (
    <KitPage title={title}>
      <Paper withBorder p="lg" maw={760}>
        <Stepper active={active} onStepClick={(step) => step < active && setActive(step)}>
          <Stepper.Step label={t`Customer`} description={t`Who brings the phone`}>
            <TextInput
              label={t`Customer name`}
              value={name}
              error={errors.name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </Stepper.Step>
          <Stepper.Step label={t`Device`} description={t`What needs fixing`}>
            <Stack gap="sm">
              <TextInput
                label={t`Device model`}
                value={model}
                error={errors.model}
                onChange={(e) => setModel(e.currentTarget.value)}
              />
              <Select
                label={t`Service`}
                value={service}
                onChange={setService}
                allowDeselect={false}
                data={REPAIR_SERVICES.map((s) => ({ value: s.id, label: i18n._(s.name) }))}
              />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t`Confirm`} description={t`Check and create`}>
            <Stack gap={4}>
              <Text>
                <Trans>Customer: {name}</Trans>
              </Text>
              <Text>
                <Trans>Device: {model}</Trans>
              </Text>
              {chosen && <Text>{i18n._(chosen.name)}</Text>}
              {finishing && (
                <Group gap="xs">
                  <Loader size="sm" aria-label={t`Creating the repair order`} />
                  <Text size="sm" c="dimmed">
                    <Trans>Creating the repair order…</Trans>
                  </Text>
                </Group>
              )}
            </Stack>
          </Stepper.Step>
          <Stepper.Completed>
            <Text fw={600} data-testid="wizard-done">
              <Trans>The repair order is created.</Trans>
            </Text>
          </Stepper.Completed>
        </Stepper>
        <Group justify="flex-end" mt="xl">
          {active > 0 && active < 3 && (
            <Button variant="default" onClick={() => setActive((s) => s - 1)} disabled={finishing}>
              <Trans>Back</Trans>
            </Button>
          )}
          {active < 3 ? (
            <Button onClick={next} loading={finishing}>
              {active === 2 ? t`Create` : t`Next`}
            </Button>
          ) : (
            <Button
              variant="light"
              onClick={() => {
                setActive(0);
                setName('');
                setModel('');
              }}
            >
              <Trans>Start again</Trans>
            </Button>
          )}
        </Group>
      </Paper>
    </KitPage>
  );
}
