import { useNotificationsHost } from './notify.ts';

/** Mantine's notifications container, mounted once the first toast brought its chunk (src/ui/notify.ts). */
export function NotificationsSlot() {
  return useNotificationsHost()?.container() ?? null;
}
