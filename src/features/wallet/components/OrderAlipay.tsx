import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RechargeOrderRow } from '#contract/schemas/recharge.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { useOnline } from '#src/lib/offline/network.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { useSequentialPolling } from '#src/lib/use-sequential-polling.ts';
import { walletKeys } from '../api/ledger-api.ts';
import { rechargeOrderQuery, refreshRechargeOrder, useCloseRecharge } from '../api/recharge-api.ts';
import {
  PROVIDER_NAMES,
  RECHARGE_STATE_COLORS,
  RECHARGE_STATE_NAMES,
  SCAN_HINTS,
  formatCountdown,
  secondsLeft,
} from '../model/recharge-states.ts';

/** The fallback poll reads the order every few seconds; every Nth poll also asks the provider. */
export const POLL_MS = 4000;
const ASK_PROVIDER_EVERY = 5;

/**
 * The payment page of one recharge order (/orderAlipay?order_no=…): the amount, the QR code the
 * payer scans with their phone (the provider's own content: the phone needs no RepairOps session),
 * the state live over the socket with a polling fallback, and what to do next. See decision 0019.
 */
export function OrderAlipay({ orderNo, isAdmin }: { orderNo: string; isAdmin: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const order = useQuery({ ...rechargeOrderQuery(orderNo), enabled: orderNo !== '' });
  const row = order.data;
  const waiting = row?.state === 'created';
  const online = useOnline();

  // Live: 'recharge:changed' from the socket patches this order's cache (src/app/realtime-wiring.ts).
  // Fallback when the socket is down or an event was missed.
  const polls = useRef(0);
  useSequentialPolling(
    waiting && online,
    POLL_MS,
    () =>
      ++polls.current % ASK_PROVIDER_EVERY === 0
        ? refreshRechargeOrder(orderNo)
        : queryClient.fetchQuery({ ...rechargeOrderQuery(orderNo), staleTime: 0 }),
    (answer) => {
      queryClient.setQueryData(walletKeys.rechargeOrder(orderNo), answer);
      return answer.state !== 'created';
    },
    () => undefined,
  );

  if (
    orderNo === '' ||
    (order.error instanceof ApiError && order.error.errcode === ErrCode.RECHARGE_NOT_FOUND)
  )
    return (
      <PageFrame>
        <Alert color="red" data-testid="recharge-not-found">
          <Trans>No recharge order with this number in your shop.</Trans>
        </Alert>
        <NextSteps />
      </PageFrame>
    );
  if (!row)
    return (
      <PageFrame>
        {order.isPending ? <Loader /> : <Text c="dimmed">{t`The order could not be loaded.`}</Text>}
      </PageFrame>
    );

  return (
    <PageFrame>
      {row.sandbox && (
        <Alert color="yellow" variant="light">
          <Trans>Sandbox payment: nothing real is charged.</Trans>
        </Alert>
      )}
      <Card withBorder>
        <Stack align="center" gap="sm">
          <Text size="sm" c="dimmed">
            <Trans>
              Order {row.order_no} · {i18n._(PROVIDER_NAMES[row.provider])}
            </Trans>
          </Text>
          <Text fw={700} fz={32} data-testid="pay-amount">
            ¥{formatHundredths(row.amount)}
          </Text>
          <Text>
            <Trans>{formatHundredths(row.points)} points when paid</Trans>
          </Text>
          <Badge
            size="lg"
            color={RECHARGE_STATE_COLORS[row.state]}
            data-testid="pay-state"
            data-state={row.state}
          >
            {i18n._(RECHARGE_STATE_NAMES[row.state])}
          </Badge>
          <div role="status" aria-live="polite">
            {row.state === 'paid' && (
              <Text c="teal.9" fw={600} data-testid="pay-done">
                <Trans>
                  Payment received on {formatDateTime(row.paid_at)}: {formatHundredths(row.points)} points
                  were added to the shop.
                </Trans>
              </Text>
            )}
            {(row.state === 'expired' || row.state === 'closed') && (
              <Text c="red.9" data-testid="pay-over">
                {row.state === 'expired'
                  ? t`This order was not paid in time and can no longer be paid. Nothing was charged.`
                  : t`This order was cancelled and can no longer be paid. Nothing was charged.`}
              </Text>
            )}
          </div>
          {waiting && <Waiting row={row} isAdmin={isAdmin} online={online} />}
        </Stack>
      </Card>
      <NextSteps paid={row.state === 'paid'} />
    </PageFrame>
  );
}

function PageFrame({ children }: { children: React.ReactNode }) {
  return (
    <Container size="xs" py="xl">
      <Stack>
        <Title order={1} fz="h2">
          <Trans>Pay for a recharge</Trans>
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

/** While the order can be paid: the code, the countdown, a manual check and cancelling. */
function Waiting({ row, isAdmin, online }: { row: RechargeOrderRow; isAdmin: boolean; online: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  const [checking, setChecking] = useState(false);
  const close = useCloseRecharge();
  const requestId = useRequestId();
  const left = secondsLeft(row.expires_at, now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // Expired by the clock: the server marks it when read.
  useEffect(() => {
    if (left === 0) void queryClient.invalidateQueries({ queryKey: walletKeys.rechargeOrder(row.order_no) });
  }, [left, queryClient, row.order_no]);

  const checkNow = async () => {
    setChecking(true);
    try {
      queryClient.setQueryData(
        walletKeys.rechargeOrder(row.order_no),
        await refreshRechargeOrder(row.order_no),
      );
    } catch {
      // The client already said what went wrong (offline, time-out).
    } finally {
      setChecking(false);
    }
  };
  const cancel = () => {
    const body = { order_no: row.order_no };
    close.mutate({ ...body, request_id: requestId.idFor(body) }, { onSuccess: () => requestId.done() });
  };

  return (
    <Stack align="center" gap="sm">
      {row.qr_content && (
        <Center bg="white" p="sm" style={{ borderRadius: 8 }}>
          <QRCodeSVG value={row.qr_content} size={200} title={t`Payment QR code`} data-testid="pay-qr" />
        </Center>
      )}
      <Text size="sm" ta="center" maw={360}>
        {i18n._(SCAN_HINTS[row.provider])}
      </Text>
      {row.sandbox && row.qr_content && (
        <Anchor href={row.qr_content} target="_blank" rel="noopener" size="sm" data-testid="pay-sandbox-link">
          <Trans>Sandbox: open the payment page here</Trans>
        </Anchor>
      )}
      <Text size="sm" c="dimmed" data-testid="pay-countdown">
        <Trans>Pay within {formatCountdown(left)}</Trans>
      </Text>
      {!online && (
        <Text size="sm" c="orange.9">
          <Trans>You are offline: the state updates when the network is back.</Trans>
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={() => void checkNow()} loading={checking} disabled={!online}>
          <Trans>I have paid: check now</Trans>
        </Button>
        {isAdmin && (
          <Button
            variant="outline"
            color="red.9"
            onClick={cancel}
            loading={close.isPending}
            disabled={!online}
          >
            <Trans>Cancel this order</Trans>
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Where to go from here. */
function NextSteps({ paid = false }: { paid?: boolean }) {
  return (
    <Group justify="center">
      <Button component={Link} to="/app/shoppingcenter/shoppingcenter" variant={paid ? 'filled' : 'default'}>
        {paid ? <Trans>Buy a package</Trans> : <Trans>Back to the shopping center</Trans>}
      </Button>
      <Button component={Link} to="/app/rechargerecord" variant="default">
        <Trans>Recharge record</Trans>
      </Button>
    </Group>
  );
}
