/**
 * The page every start lands on: the home route (`/`, the installed app's start_url `/#/`) redirects
 * here, and the boot asks for its code at once (src/app/boot-order.ts).
 */
export const LANDING_PATH = '/app/dashboards/default';
