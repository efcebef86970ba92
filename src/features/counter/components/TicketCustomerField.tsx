import { useState } from 'react';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { endpoints } from '#contract/endpoints.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { callApi } from '#src/lib/api/client.ts';
import { customerSearchQuery } from '../api/tickets-api.ts';

export interface PickedCustomer {
  id: number;
  name: string;
}

/**
 * The intake's customer: found by name, phone or a phone's last four digits, or added here (name and
 * phone). Stands in until the customers screens' CustomerPicker is merged (issue 26, c26-customers).
 */
export function TicketCustomerField({
  value,
  onChange,
  error,
}: {
  value: PickedCustomer | null;
  onChange(customer: PickedCustomer | null): void;
  error?: string;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = useQuery(customerSearchQuery(q)).data?.list ?? [];
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      callApi(endpoints.customerSave, { name: name.trim(), phones: phone.trim() ? [phone.trim()] : [] }),
  });

  const options = [
    ...(value && !found.some((c) => c.id === value.id)
      ? [{ value: String(value.id), label: value.name }]
      : []),
    ...found.map((c) => ({ value: String(c.id), label: [c.name, ...c.phones].join(' · ') })),
  ];

  async function add() {
    setAddError(null);
    try {
      const c = await save.mutateAsync();
      onChange({ id: c.id, name: c.name });
      setAdding(false);
    } catch (err) {
      setAddError(actionErrorText(err));
    }
  }

  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="nowrap">
        <Select
          label={t`Customer`}
          placeholder={t`Name, phone or its last four digits`}
          searchable
          data={options}
          value={value ? String(value.id) : null}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          onChange={(v) => {
            const c = found.find((x) => String(x.id) === v);
            onChange(c ? { id: c.id, name: c.name } : null);
          }}
          nothingFoundMessage={q ? t`No customer found` : undefined}
          error={error}
          withAsterisk
          style={{ flex: 1 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="ticket-customer"
        />
        <Button variant="default" onClick={() => setAdding((a) => !a)} data-testid="ticket-new-customer">
          <Trans>New customer</Trans>
        </Button>
      </Group>
      {adding && (
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t`Name`}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: '1 1 160px' }}
            data-testid="new-customer-name"
          />
          <TextInput
            label={t`Phone`}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            inputMode="tel"
            style={{ flex: '1 1 160px' }}
            error={addError ?? undefined}
            data-testid="new-customer-phone"
          />
          <Button
            onClick={() => void add()}
            loading={save.isPending}
            disabled={name.trim() === ''}
            data-testid="new-customer-save"
          >
            <Trans>Add the customer</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
