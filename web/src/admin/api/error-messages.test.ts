import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorFromBody } from './admin-client';
import { ERROR_MESSAGES, errorMessage } from './error-messages';

const SERVER_SOURCE = join(__dirname, '../../../../server/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(cpp|hpp)$/.test(entry.name) ? [path] : [];
  });
}

// Every error code the server answers: the literal codes of json_error, UploadRefused and
// review_refusal, the hand-made error objects, and the token_/url_ families of the stream token
// verdicts.
function serverCodes(): Set<string> {
  const codes = new Set<string>();
  const verdicts: string[] = [];
  for (const file of sourceFiles(SERVER_SOURCE)) {
    // Without the comments, which show the envelope as {"code","message"}.
    const text = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    for (const match of text.matchAll(
      /(?:json_error|UploadRefused|review_refusal)\(\s*[^,()]+,\s*"([a-z_]+)"/g,
    )) {
      codes.add(match[1] ?? '');
    }
    for (const match of text.matchAll(/json_error\(\s*\d+,\s*[^,;?]*\?\s*"([a-z_]+)"\s*:\s*"([a-z_]+)"/g)) {
      codes.add(match[1] ?? '');
      codes.add(match[2] ?? '');
    }
    for (const match of text.matchAll(/\{"code",\s*"([a-z_]+)"\}/g)) codes.add(match[1] ?? '');
    if (file.endsWith('stream_token.cpp')) {
      for (const match of text.matchAll(/case TokenVerdict::\w+:\s*return "([a-z_]+)"/g)) {
        verdicts.push(match[1] ?? '');
      }
    }
  }
  for (const verdict of verdicts.filter((verdict) => verdict !== 'valid')) {
    codes.add(`token_${verdict}`);
    codes.add(`url_${verdict}`);
  }
  return codes;
}

describe('error messages', () => {
  it('has a Dutch message for every code the server can answer', () => {
    const codes = serverCodes();
    // The walk finds the codes (a changed pattern in the server would otherwise pass unnoticed).
    for (const known of [
      'storage_full',
      'store_unavailable',
      'internal',
      'conflict',
      'token_expired',
      'busy',
    ]) {
      expect(codes).toContain(known);
    }
    const missing = [...codes].filter((code) => !Object.hasOwn(ERROR_MESSAGES, code));
    expect(missing).toEqual([]);
  });

  it('shows the Dutch message of the code whatever text the server sent', () => {
    for (const code of serverCodes()) {
      const error = errorFromBody(500, {
        error: { code, message: 'The server could not answer this request.' },
      });
      expect(error.message).toBe(ERROR_MESSAGES[code]);
      expect(error.message).not.toMatch(/\b(the|could|answer|try)\b/i);
      expect(error.serverMessage).toBe('The server could not answer this request.');
    }
  });

  it('says a full store kept nothing of the change, and that the typed text is still there', () => {
    expect(errorMessage('storage_full', 507)).toMatch(/niet opgeslagen/);
    expect(errorMessage('storage_full', 507)).toMatch(/staat er nog/);
  });

  it('names the status of a code it does not know', () => {
    expect(errorMessage('something_new', 418)).toBe('Er ging iets mis (HTTP 418). Probeer het opnieuw.');
  });
});
