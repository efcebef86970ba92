import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { SERVICE_NAMES } from '#src/lib/check-service-names.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { orderDetailQuery } from '../api/orders-api.ts';
import { orderResultsQuery } from '../api/results-api.ts';
import { useFollowOrder } from '../api/use-follow-order.ts';
import { buildSearchIndex, searchRows } from '../model/search-index.ts';
import { AddDevicesModal } from './AddDevicesModal.tsx';
import { DeviceJobsModal } from './DeviceJobsModal.tsx';
import { OrderProgress } from './OrderProgress.tsx';
import { RemarkEditor } from './RemarkEditor.tsx';
import { ResultsTable } from './ResultsTable.tsx';

const EMPTY: readonly DeviceResultRow[] = [];

/** Order detail (/app/quiry/managementDetail?order_id=N): header, live progress, results. */
interface OrderDetailProps {
  orderId: number | undefined;
  /** The order finished while shown (settled and refunded points changed the balance). */
  onOrderDone(): void;
  /** Devices were added (points frozen). */
  onOrderChanged(): void;
}

export function OrderDetail({ orderId, onOrderDone, onOrderChanged }: OrderDetailProps) {
  return (
    <Stack>
      <Title order={2}>
        <Trans>Order detail</Trans>
      </Title>
      {orderId === undefined ? (
        <Alert color="gray">
          <Trans>
            Choose an order in{' '}
            <Anchor component={Link} to="/app/quiry/basicinquiry">
              basic inquiry
            </Anchor>{' '}
            to see its results.
          </Trans>
        </Alert>
      ) : (
        <OrderView orderId={orderId} onOrderDone={onOrderDone} onOrderChanged={onOrderChanged} />
      )}
    </Stack>
  );
}

function OrderView({
  orderId,
  onOrderDone,
  onOrderChanged,
}: {
  orderId: number;
  onOrderDone(): void;
  onOrderChanged(): void;
}) {
  const { t, i18n } = useLingui();
  const order = useQuery(orderDetailQuery(orderId));
  const results = useQuery(orderResultsQuery(orderId));
  useFollowOrder(orderId, order.data?.status, onOrderDone);
  const [adding, setAdding] = useState(false);
  const devices = results.data?.devices ?? EMPTY;

  if (order.error instanceof ApiError && order.error.errcode === ErrCode.ORDER_NOT_FOUND) {
    return (
      <Alert color="red" data-testid="order-not-found">
        <Trans>This check order does not exist or was deleted.</Trans>
      </Alert>
    );
  }
  if (!order.data) {
    if (order.isError)
      return (
        <Alert color="red">
          <Trans>The order could not be loaded. Please try again later.</Trans>
        </Alert>
      );
    return <Loader aria-label={t`Loading`} />;
  }
  const o = order.data;

  return (
    <Stack>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={3} data-testid="order-title">
                {o.title}
              </Title>
              <Text size="sm" c="dimmed">
                <Trans>
                  Placed {formatDateTime(o.created_at)} by {o.creator_name} · {o.devices} devices
                </Trans>
              </Text>
            </div>
            <Group gap={4}>
              {o.services.map((code) => (
                <Badge key={code} variant="light">
                  {i18n._(SERVICE_NAMES[code])}
                </Badge>
              ))}
            </Group>
          </Group>
          <Group align="flex-end" justify="space-between">
            <div style={{ flex: 1 }}>
              <RemarkEditor orderId={o.id} remark={o.remark} />
            </div>
            <Button variant="light" onClick={() => setAdding(true)} disabled={results.isPending}>
              <Trans>Add devices</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
      <OrderProgress order={o} />
      {results.isPending ? <Loader aria-label={t`Loading`} /> : <SearchableResults devices={devices} />}
      <AddDevicesModal
        order={o}
        devices={devices}
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={onOrderChanged}
      />
    </Stack>
  );
}

/**
 * The SN/IMEI search and the table, with the search state kept here: a keystroke redraws the table
 * only, not the order's header above it.
 */
function SearchableResults({ devices }: { devices: readonly DeviceResultRow[] }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [jobsOf, setJobsOf] = useState<DeviceResultRow | null>(null);
  const index = useMemo(() => buildSearchIndex(devices), [devices]);
  const shown = useMemo(() => searchRows(devices, index, search), [devices, index, search]);
  return (
    <>
      <Group justify="space-between">
        <TextInput
          label={t`Search SN or IMEI`}
          placeholder={t`Type part of an SN or IMEI`}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
          data-testid="results-search"
        />
        <Text size="sm" c="dimmed" data-testid="results-count">
          {search.trim() ? t`${shown.length} of ${devices.length} devices` : t`${devices.length} devices`}
        </Text>
      </Group>
      <ResultsTable rows={shown} total={devices.length} query={search} onShowJobs={setJobsOf} />
      <DeviceJobsModal device={jobsOf} onClose={() => setJobsOf(null)} />
    </>
  );
}
