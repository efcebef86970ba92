import { Badge, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ServiceGroupRow, ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { GROUP_NAMES, SERVICE_NAMES } from '#src/lib/check-service-names.ts';
import type { ServiceSelection } from '../model/service-selection.ts';

interface ServicePickerProps {
  groups: readonly ServiceGroupRow[];
  services: readonly ServiceRow[];
  picked: ReadonlySet<number>;
  selection: ServiceSelection;
  onToggle(serviceId: number, on: boolean): void;
  error?: string;
}

/**
 * The check services by group, each with its price per device. A service under maintenance is
 * shown but cannot be picked; one needed by a picked service is ticked with a note saying so.
 */
export function ServicePicker({ groups, services, picked, selection, onToggle, error }: ServicePickerProps) {
  const { t, i18n } = useLingui();
  const auto = new Set(selection.autoAdded.map((s) => s.id));
  const neededBy = (service: ServiceRow) =>
    selection.services
      .filter((s) => s.depends_on.includes(service.code))
      .map((s) => i18n._(SERVICE_NAMES[s.code]))
      .join(t`, `);
  const name = (service: ServiceRow) =>
    SERVICE_NAMES[service.code] ? i18n._(SERVICE_NAMES[service.code]) : service.name;

  return (
    <Stack gap="sm" data-testid="service-picker">
      {[...groups]
        .sort((a, b) => a.sort - b.sort)
        .map((group) => {
          const inGroup = services.filter((s) => s.group_id === group.id).sort((a, b) => a.sort - b.sort);
          if (inGroup.length === 0) return null;
          return (
            <Fieldset
              key={group.id}
              legend={GROUP_NAMES[group.code] ? i18n._(GROUP_NAMES[group.code]) : group.name}
            >
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
                {inGroup.map((service) => {
                  const isAuto = auto.has(service.id);
                  return (
                    <Checkbox
                      key={service.id}
                      checked={picked.has(service.id) || isAuto}
                      disabled={service.maintenance || isAuto}
                      onChange={(e) => onToggle(service.id, e.currentTarget.checked)}
                      data-testid={`service-${service.code}`}
                      label={
                        <Group gap={6} wrap="nowrap">
                          <span>{name(service)}</span>
                          {service.maintenance && (
                            <Badge size="xs" color="gray.7">
                              <Trans>Under maintenance</Trans>
                            </Badge>
                          )}
                        </Group>
                      }
                      description={
                        <>
                          <Trans>{formatHundredths(service.price)} points per device</Trans>
                          {isAuto && (
                            <Text size="xs" c="blue" component="span" display="block">
                              <Trans>Added: {neededBy(service)} needs it first</Trans>
                            </Text>
                          )}
                        </>
                      }
                    />
                  );
                })}
              </SimpleGrid>
            </Fieldset>
          );
        })}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
