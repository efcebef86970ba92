import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { callApi } from '#src/lib/api/client.ts';

/**
 * The shop's contact for the phone notice (the one its customer status pages show), for a phone that
 * is signed in. Quiet: no toast, and a refused token does not log out and reload a page that only
 * explains itself; without it the notice says a plain sentence.
 */
export const shopContactQuery = () =>
  queryOptions({
    queryKey: ['shell', 'shop-contact'] as const,
    queryFn: async ({ signal }) => {
      const settings = await callApi(
        endpoints.repairSettings,
        {},
        { signal, ownErrors: true, handleSessionExpiry: false },
      );
      return { name: settings.contact_name.trim(), phone: settings.contact_phone.trim() };
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
