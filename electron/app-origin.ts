/**
 * The origin the packaged renderer runs under. A custom standard scheme gives the app a real,
 * stable origin (so CSP 'self', storage and history routing behave as on the web) without the
 * blanket privileges that `file://` pages get.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'blockademia';
export const APP_ROOT_URL = `${APP_SCHEME}://${APP_HOST}/`;
