import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ErrCode } from '#contract/errcodes.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { rechargeConfigQuery, useCreateRecharge } from '../api/recharge-api.ts';
import { SHOP_BLOCKED_ID } from '../model/pay-permission.ts';
import { checkRechargeAmount, normalizeRechargeInput } from '../model/recharge-amount.ts';

/**
 * Money to points: the Admin types an amount in yuan, a recharge order is made at the payment
 * provider and the payment page (/orderAlipay) opens for it. `blocked` says why this user cannot
 * recharge right now (Editor, offline).
 */
export function RechargePanel({
  blocked,
  onCreated,
}: {
  blocked: MessageDescriptor | null;
  onCreated(orderNo: string): void;
}) {
  const { t, i18n } = useLingui();
  const config = useQuery(rechargeConfigQuery());
  const [text, setText] = useState('');
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const create = useCreateRecharge();
  const requestId = useRequestId();
  // No payment provider on this server (production without one): say so and offer nothing to pay.
  const notConfigured = config.data?.provider === null;
  const limits = config.data ? { min: config.data.min_amount, max: config.data.max_amount } : null;
  const check = limits ? checkRechargeAmount(text, limits) : null;
  const points = check?.ok && config.data ? check.fen * config.data.points_per_fen : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!check || blocked || notConfigured) return;
    if (!check.ok) return setError(check.problem);
    const body = { amount: check.fen };
    create.mutate(
      { ...body, request_id: requestId.idFor(body) },
      {
        onSuccess: (order) => {
          requestId.done();
          setText('');
          onCreated(order.order_no);
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          if (err.errcode === ErrCode.RECHARGE_BELOW_MIN) setError(msg`Below the smallest recharge`);
          if (err.errcode === ErrCode.RECHARGE_ABOVE_MAX) setError(msg`Above the largest recharge`);
        },
      },
    );
  };

  const rate = config.data ? formatHundredths(100 * config.data.points_per_fen) : '';
  const min = config.data ? formatHundredths(config.data.min_amount) : '';
  return (
    <Card withBorder>
      <form onSubmit={onSubmit} noValidate data-testid="recharge-form">
        <Stack maw={420}>
          <Title order={3}>
            <Trans>Recharge points</Trans>
          </Title>
          {config.data?.sandbox && (
            <Alert color="yellow" variant="light" data-testid="recharge-sandbox">
              <Trans>Sandbox payment: nothing real is charged.</Trans>
            </Alert>
          )}
          {notConfigured && (
            <Alert color="gray" variant="light" data-testid="recharge-not-configured">
              <Trans>
                Recharge is not configured on this server: no payment provider is set up, so nothing can be
                paid or charged. Ask whoever runs the server.
              </Trans>
            </Alert>
          )}
          <TextInput
            label={t`Amount (yuan)`}
            description={config.data ? t`¥1 = ${rate} points · at least ¥${min}` : undefined}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            disabled={!!blocked || !config.data || notConfigured}
            onChange={(e) => {
              setText(normalizeRechargeInput(e.currentTarget.value, i18n.locale));
              setError(null);
            }}
            onBlur={() => check && !check.ok && text !== '' && setError(check.problem)}
            error={error ? i18n._(error) : undefined}
            data-testid="recharge-amount"
          />
          {points !== null && (
            <Text size="sm" data-testid="recharge-points">
              <Trans>You get {formatHundredths(points)} points</Trans>
            </Text>
          )}
          <Button
            type="submit"
            loading={create.isPending}
            disabled={!!blocked || !config.data || notConfigured}
            aria-describedby={blocked ? SHOP_BLOCKED_ID : undefined}
            w="fit-content"
          >
            <Trans>Recharge now</Trans>
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
