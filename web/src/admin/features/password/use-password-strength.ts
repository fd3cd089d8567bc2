import { useEffect, useState } from 'react';
import { loadPasswordEstimator } from './password-estimator';
import { strengthHint, type PasswordScore } from './password-strength';

/**
 * The strength hint of `password`, estimated a moment after typing stops (the estimate of a long
 * password takes a few milliseconds, and a live region should not speak at every key).
 */
export function usePasswordStrength(password: string, words: string[], delayMs = 300): string {
  const [hint, setHint] = useState('');
  const wordsKey = words.join('\n');
  useEffect(() => {
    if (password.length === 0) {
      setHint('');
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      loadPasswordEstimator()
        .then((estimate) => {
          const score: PasswordScore = estimate(password, wordsKey.split('\n'));
          if (current) setHint(strengthHint(password.length, score));
        })
        .catch(() => {
          // Without the lists only the length can be told; the server still checks the rest.
          if (current) setHint(strengthHint(password.length, null));
        });
    }, delayMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [password, wordsKey, delayMs]);
  return hint;
}
