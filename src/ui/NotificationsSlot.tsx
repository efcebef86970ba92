import { MantineScope } from './mantine-scope.tsx';
import { useNotificationsHost } from './notify.ts';

/**
 * Mantine's notifications container, mounted once the first toast brought its chunk (src/ui/notify.ts),
 * in a Mantine scope of its own: a toast also shows on the sign-in page, which has none (decision 0025).
 */
export function NotificationsSlot() {
  const host = useNotificationsHost();
  return host ? <MantineScope>{host.container()}</MantineScope> : null;
}
