import { useState } from 'react';
import { Alert, Anchor, Grid, Loader, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { customerDetailQuery } from '../api/customers-api.ts';
import type { PickedCustomer } from '../model/customer-summary.ts';
import { CustomerEditForm } from './CustomerEditForm.tsx';
import { CustomerHistory } from './CustomerHistory.tsx';
import { CustomerMergePanel } from './CustomerMergePanel.tsx';

/** One customer (/app/customers/detail?id=): their record to edit, a merge of a duplicate, and their history. */
export function CustomerDetailPage({ customerId }: { customerId: number | undefined }) {
  const { t } = useLingui();
  const detail = useQuery({ ...customerDetailQuery(customerId ?? 0), enabled: customerId !== undefined });
  const [duplicate, setDuplicate] = useState<PickedCustomer | null>(null);
  const back = (
    <Anchor component={Link} to="/app/customers">
      <Trans>All customers</Trans>
    </Anchor>
  );
  if (customerId === undefined || detail.isError) {
    return (
      <Stack>
        {back}
        <Alert color="red" data-testid="customer-missing">
          {detail.isError ? actionErrorText(detail.error) : t`This customer does not exist`}
        </Alert>
      </Stack>
    );
  }
  if (!detail.data) return <Loader />;
  const { customer } = detail.data;
  return (
    <Stack data-testid="customer-detail" data-customer-id={customer.id}>
      {back}
      <Title order={2}>{customer.name}</Title>
      <DataAsOf query={detail} />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="sm">
            {/* Keyed by the record's version: a save or a merge elsewhere starts the form from the server's copy. */}
            <CustomerEditForm
              key={`${customer.id}-${customer.updated_at}`}
              customer={customer}
              onPhoneTaken={(owner) =>
                setDuplicate({ id: owner.customer_id, name: owner.name, phones: [], lang: 'zh' })
              }
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="sm">
            <CustomerMergePanel key={duplicate?.id ?? 0} keep={customer} suggested={duplicate} />
          </Paper>
        </Grid.Col>
      </Grid>
      <CustomerHistory detail={detail.data} />
    </Stack>
  );
}
