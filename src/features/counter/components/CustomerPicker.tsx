import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Input,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CustomerRow } from '#contract/schemas/counter-customers.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { Ltr } from '#src/ui/Ltr.tsx';
import { notify } from '#src/ui/notify.ts';
import { customerDetailQuery } from '../api/customers-api.ts';
import { useCustomerSearch } from '../api/use-customer-search.ts';
import { maskPhone } from '#src/lib/mask-phone.ts';
import { pickedOf, type PickedCustomer } from '../model/customer-summary.ts';
import { NewCustomerForm } from './NewCustomerForm.tsx';

export interface CustomerPickerProps {
  /** The chosen customer (id and what to show of them), or null. */
  value: PickedCustomer | null;
  onChange(customer: PickedCustomer | null): void;
  label?: string;
  /** A form's message for this field (say, "pick a customer"). */
  error?: string;
  required?: boolean;
  /** Offer to create a customer when none matches (not when picking a record to merge). */
  allowNew?: boolean;
}

/**
 * Pick the customer at the counter: search as you type by name, phone or the phone's last four digits,
 * pick a match, or create one inline (name, phone, message language). Offline it searches the
 * customers this device has seen (use-customer-search.ts) and says that creating needs the network.
 */
export function CustomerPicker(props: CustomerPickerProps) {
  const { value, onChange, label, error, required, allowNew = true } = props;
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const [creating, setCreating] = useState(false);
  const search = useCustomerSearch(typed);
  const queryClient = useQueryClient();
  const fieldLabel = label ?? t`Customer`;

  const pick = (row: CustomerRow) => {
    onChange(pickedOf(row));
    setTyped('');
    setCreating(false);
  };

  async function pickById(id: number) {
    try {
      pick((await queryClient.fetchQuery(customerDetailQuery(id))).customer);
    } catch (err) {
      notify('error', actionErrorText(err) ?? t`The customer could not be opened`);
    }
  }

  if (value) {
    return (
      <Input.Wrapper label={fieldLabel} required={required} error={error}>
        <Paper withBorder p="xs" data-testid="customer-picked" data-customer-id={value.id}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500}>
              {value.name}
              {value.phones[0] && (
                <Text span c="dimmed" size="sm">
                  {' · '}
                  <Ltr>{maskPhone(value.phones[0])}</Ltr>
                </Text>
              )}
            </Text>
            <Button size="xs" variant="default" onClick={() => onChange(null)} data-testid="customer-change">
              <Trans>Change customer</Trans>
            </Button>
          </Group>
        </Paper>
      </Input.Wrapper>
    );
  }

  return (
    <Stack gap="xs" data-testid="customer-picker">
      <TextInput
        label={fieldLabel}
        required={required}
        error={error}
        placeholder={t`Name, phone or its last 4 digits`}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        onKeyDown={(e) => {
          // A scanner or a quick typist: Enter takes the only match.
          if (e.key === 'Enter' && search.rows.length === 1 && search.rows[0]) {
            e.preventDefault();
            pick(search.rows[0]);
          }
        }}
        rightSection={search.loading ? <Loader size="xs" /> : null}
        data-testid="customer-search"
      />
      {search.fromCache && typed.trim() !== '' && (
        <Text size="xs" c="dimmed" data-testid="customer-search-offline">
          <Trans>Offline: searching the customers saved on this device.</Trans>
        </Text>
      )}
      {search.rows.length > 0 && (
        <Stack gap={4} role="list" aria-label={t`Matching customers`} data-testid="customer-results">
          {search.rows.map((row) => (
            <UnstyledButton
              key={row.id}
              role="listitem"
              onClick={() => pick(row)}
              data-testid="customer-result"
              data-customer-id={row.id}
            >
              <Paper withBorder px="sm" py={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {row.name}
                    {row.phones.length > 0 && (
                      <Text span c="dimmed" size="sm">
                        {' · '}
                        <Ltr>{row.phones.map(maskPhone).join(', ')}</Ltr>
                      </Text>
                    )}
                  </Text>
                  {row.open_tickets > 0 && (
                    <Badge variant="light" size="sm">
                      <Trans>{row.open_tickets} open tickets</Trans>
                    </Badge>
                  )}
                </Group>
              </Paper>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      {typed.trim() !== '' && !search.loading && search.rows.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="customer-no-match">
          <Trans>No customer matches.</Trans>
        </Text>
      )}
      {creating ? (
        <NewCustomerForm
          initial={typed}
          onCreated={pick}
          onPickExisting={(id) => void pickById(id)}
          onCancel={() => setCreating(false)}
        />
      ) : (
        allowNew && <NewCustomerButton onClick={() => setCreating(true)} />
      )}
    </Stack>
  );
}

function NewCustomerButton({ onClick }: { onClick(): void }) {
  return (
    <Group>
      <Button size="xs" variant="light" onClick={onClick} data-testid="customer-new">
        <Trans>New customer</Trans>
      </Button>
    </Group>
  );
}
