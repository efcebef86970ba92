/**
 * The icon every server-rendered page (customer status page, sandbox pages) names in its head.
 * Without it a browser asks for /favicon.ico, which the built PWA does not have: a 404 in the
 * console of a page a customer opens (issue 27). The PWA's own icon is an SVG (public/favicon.svg).
 */
export const FAVICON_PATH = '/favicon.svg';
export const FAVICON_LINK = `<link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}">`;
