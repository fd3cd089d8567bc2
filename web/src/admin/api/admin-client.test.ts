import { describe, expect, it } from 'vitest';
import { AdminApiError, errorFromBody } from './admin-client';

describe('errorFromBody', () => {
  it("carries the server's code, message, field errors and current item", () => {
    const error = errorFromBody(409, {
      error: {
        code: 'conflict',
        message: 'Iemand anders heeft dit item intussen opgeslagen.',
        fields: { slug: 'Bezet.' },
        current: { id: '7' },
      },
    });
    expect(error).toBeInstanceOf(AdminApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Iemand anders heeft dit item intussen opgeslagen.',
      fields: { slug: 'Bezet.' },
      current: { id: '7' },
    });
  });

  it('falls back to the given message, or the status, when the body says nothing', () => {
    expect(errorFromBody(413, null, 'Te groot.')).toMatchObject({
      status: 413,
      code: 'unknown',
      message: 'Te groot.',
      fields: {},
    });
    expect(errorFromBody(502, 'Bad Gateway').message).toBe('Er ging iets mis (HTTP 502).');
    expect(errorFromBody(500, { error: { code: 'internal' } })).toMatchObject({
      code: 'internal',
      message: 'Er ging iets mis (HTTP 500).',
    });
  });
});
