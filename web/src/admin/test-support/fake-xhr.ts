import { vi } from 'vitest';

/** What a stubbed upload was sent: its URL, its CSRF header and its body. */
export interface SentUpload {
  url: string;
  csrf: string | undefined;
  body: unknown;
}

/**
 * Replaces XMLHttpRequest (the media client uploads with it, for the progress) by a stand-in that
 * reports half the upload done and then answers each upload with the next of `answers` (status
 * and JSON body). Returns what every upload was sent; `vi.unstubAllGlobals()` puts the real one back.
 */
export function stubUploads(answers: { status: number; body: unknown }[]): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      sent.push({ url: this.url, csrf: this.headers['X-CSRF-Token'], body });
      const answer = answers.shift();
      if (!answer) throw new Error('no answer left for this upload');
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
