import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ComboRow } from '#contract/schemas/wallet.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { packagesQuery } from '../api/wallet-api.ts';
import { inLanguage, packageName } from '../model/package-names.ts';
import { SHOP_BLOCKED_ID } from '../model/pay-permission.ts';
import { BuyPackageModal } from './BuyPackageModal.tsx';

/**
 * The packages on sale. Each card says what it grants; Buy asks for a confirmation first. `blocked`
 * is why this user cannot buy right now (Editor, offline), shown on the disabled buttons.
 */
export function PackageList({
  balance,
  blocked,
}: {
  balance: number | undefined;
  blocked: MessageDescriptor | null;
}) {
  const { t, i18n } = useLingui();
  const packages = useQuery(packagesQuery());
  const [buying, setBuying] = useState<ComboRow | null>(null);
  return (
    <Stack>
      <Title order={3}>
        <Trans>Packages</Trans>
      </Title>
      {packages.isSuccess && packages.data.list.length === 0 && (
        <Text c="dimmed">
          <Trans>No packages are on sale right now.</Trans>
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {packages.data?.list.map((combo) => {
          const short = balance !== undefined && balance < combo.points;
          const name = packageName(i18n.locale, combo);
          const description = inLanguage(
            i18n.locale,
            combo.description,
            combo.description_en,
            combo.description_es,
          );
          // Why this card cannot be bought: the page's notice says a blocked user's reason once
          // (SHOP_BLOCKED_ID); the card says only its own ("recharge first").
          const own = !blocked && short ? t`Not enough points: recharge first.` : null;
          const reason = blocked ? i18n._(blocked) : own;
          const describedBy = blocked ? SHOP_BLOCKED_ID : own ? `buy-reason-${combo.id}` : undefined;
          return (
            <Card withBorder key={combo.id} data-testid="package-card" data-combo-id={combo.id}>
              <Stack gap="xs" h="100%">
                <Text fw={700} fz="lg">
                  {name}
                </Text>
                {description && (
                  <Text size="sm" c="dimmed">
                    {description}
                  </Text>
                )}
                <Group gap="xs">
                  {combo.vip_days > 0 && (
                    <Badge color="grape.9">
                      <Trans>
                        VIP level {combo.vip_level} ·{' '}
                        <Plural value={combo.vip_days} one="# day" other="# days" />
                      </Trans>
                    </Badge>
                  )}
                  {combo.check_quota > 0 && (
                    <Badge color="blue.8">
                      <Trans>{combo.check_quota} device checks</Trans>
                    </Badge>
                  )}
                </Group>
                <Text fw={600} mt="auto">
                  <Trans>{formatHundredths(combo.points)} points</Trans>
                  <Text span c="dimmed" size="sm" fw={400}>
                    {' '}
                    <Trans>(¥{formatHundredths(combo.price)})</Trans>
                  </Text>
                </Text>
                <Tooltip label={reason} disabled={!reason} multiline maw={260}>
                  {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
                  <div>
                    <Button
                      fullWidth
                      disabled={!!reason}
                      onClick={() => setBuying(combo)}
                      aria-label={t`Buy ${name}`}
                      aria-describedby={describedBy}
                    >
                      <Trans>Buy</Trans>
                    </Button>
                  </div>
                </Tooltip>
                {own && (
                  <Text id={`buy-reason-${combo.id}`} size="xs" c="dimmed" data-testid="buy-blocked">
                    {own}
                  </Text>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <BuyPackageModal combo={buying} balance={balance} onClose={() => setBuying(null)} />
    </Stack>
  );
}
