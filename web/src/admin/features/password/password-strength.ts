/**
 * The strength hint under a new password, in Dutch, from zxcvbn's score (0-4). The server refuses
 * what its own zxcvbn estimate puts under 10^8 guesses, where score 3 starts: the hint says
 * "te makkelijk te raden" below that, so that what it calls strong enough is what the server takes.
 */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export const MIN_PASSWORD_LENGTH = 12;

/**
 * The hint for a password of `length` characters with zxcvbn's `score`; `null` when the estimate
 * could not be made (its lists did not load), so that only the length is told.
 */
export function strengthHint(length: number, score: PasswordScore | null): string {
  if (length === 0) return '';
  if (length < MIN_PASSWORD_LENGTH) {
    const missing = MIN_PASSWORD_LENGTH - length;
    return `Nog ${missing} ${missing === 1 ? 'teken' : 'tekens'} te kort.`;
  }
  if (score === null) return '';
  if (score < 3) {
    return 'Te makkelijk te raden: een veelgebruikt of gelekt wachtwoord, een woord, reeks of herhaling. Kies bijvoorbeeld vier losse woorden.';
  }
  return score === 3 ? 'Sterk genoeg.' : 'Sterk.';
}

/** The words of the account a guesser tries first: the e-mail address, its parts and the name. */
export function accountWords(email: string, name: string): string[] {
  const parts = `${email} ${name}`
    .toLowerCase()
    .split(/[@.\s_+-]+/)
    .filter((part) => part.length >= 3);
  return [email, name, ...parts, 'ether', 'omroep', 'radio', 'beheer', 'wachtwoord', 'welkom'].filter(
    (word) => word.length > 0,
  );
}
