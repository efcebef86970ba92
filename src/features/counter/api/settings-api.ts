import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { CounterSettingsSaveInput } from '#contract/schemas/counter-settings.ts';
import type { RepairSettingsSaveInput } from '#contract/schemas/repairs-monitors.ts';
import { callApi } from '#src/lib/api/client.ts';

/** Query keys of the shop settings screen. */
export const shopSettingsKeys = {
  counter: ['counter', 'settings'] as const,
  shop: ['counter', 'shop'] as const,
};
/**
 * Pages of other features that show the shop's name, phone or time zone (the repairs' settings, the
 * shell's contact notice): their key prefixes, refetched after a save without importing them.
 */
const SHOP_READERS = [
  ['repairs', 'settings'],
  ['shell', 'shop-contact'],
] as const;

export const counterSettingsQuery = () =>
  queryOptions({
    queryKey: shopSettingsKeys.counter,
    queryFn: ({ signal }) => callApi(endpoints.counterSettings, {}, { signal }),
  });

export const shopContactSettingsQuery = () =>
  queryOptions({
    queryKey: shopSettingsKeys.shop,
    queryFn: ({ signal }) => callApi(endpoints.repairSettings, {}, { signal }),
  });

/**
 * Saves the screen: the shop's name, phone, address and time zone (repairSettingsSave), then the
 * counter's settings. Each has its own request_id, so a retry after a lost answer applies neither twice.
 * Errors are the caller's (ownErrors): a template error goes next to its field.
 */
export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      shop: RepairSettingsSaveInput & { request_id: string };
      counter: CounterSettingsSaveInput & { request_id: string };
    }) => {
      const shop = await callApi(endpoints.repairSettingsSave, input.shop, { ownErrors: true });
      queryClient.setQueryData(shopSettingsKeys.shop, shop);
      const counter = await callApi(endpoints.counterSettingsSave, input.counter, { ownErrors: true });
      queryClient.setQueryData(shopSettingsKeys.counter, counter);
      return { shop, counter };
    },
    onSettled: () =>
      Promise.all(SHOP_READERS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
