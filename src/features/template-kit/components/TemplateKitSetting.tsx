import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Role } from '#contract/roles.ts';
import { kitSettingsQuery, useSetKitHidden } from '../api/kit-api.ts';

/** The shop's "template kit" menu setting: an Admin may hide the group; an Editor sees it only. */
export function TemplateKitSetting({ role }: { role: number }) {
  const { t } = useLingui();
  const settings = useQuery(kitSettingsQuery());
  const setHidden = useSetKitHidden();
  const isAdmin = role === Role.Admin;
  return (
    <Paper withBorder p="lg" data-testid="template-kit-setting">
      <Stack gap="xs">
        <Title order={3} size="h4">
          <Trans>Template kit</Trans>
        </Title>
        <Switch
          label={t`Show the template kit in the side menu`}
          checked={!(settings.data?.hidden ?? false)}
          disabled={!isAdmin || !settings.data || setHidden.isPending}
          onChange={(event) => setHidden.mutate(!event.currentTarget.checked)}
        />
        <Text size="sm" c="dimmed">
          {isAdmin ? (
            <Trans>The setting applies to every employee of the shop.</Trans>
          ) : (
            <Trans>Only an Admin of the shop can change this.</Trans>
          )}
        </Text>
      </Stack>
    </Paper>
  );
}
