/** The event the document gets when the server's banner was closed (server-banner.ts); detail: the notification's id. */
export const SERVER_BANNER_CLOSED = 'ether:maintenance-closed';
