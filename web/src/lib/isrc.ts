// The International Standard Recording Code as the server stores it (server/src/domain/isrc.hpp):
// the same rule here, so that the admin's form says what is wrong before it saves.

/** The server's message (content_validation.cpp) for a field that holds no ISRC. */
export const ISRC_MESSAGE = 'Vul een ISRC in van 12 tekens, zoals NL-A1B-24-00001.';

/**
 * The ISRC in `text` as stored: twelve characters in upper case without hyphens (two letters of a
 * country, three letters or digits of a registrant, seven digits), or null when it is not one.
 */
export function normaliseIsrc(text: string): string | null {
  const compact = text.trim().replaceAll('-', '').toUpperCase();
  return /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(compact) ? compact : null;
}
