import { describe, expect, it } from 'vitest';
import { site } from '../../test/fixtures';
import { CHANNEL_KEY, rememberChannel, rememberedChannel } from './remembered-channel';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('the remembered channel', () => {
  it('is the channel remembered last, while the site has it', () => {
    const store = memoryStore();
    expect(rememberedChannel(site, store)).toBeNull();
    const other = site.channels.find((c) => c.slug !== site.defaultChannel)?.slug ?? '';
    rememberChannel(other, store);
    expect(store.items.get(CHANNEL_KEY)).toBe(other);
    expect(rememberedChannel(site, store)).toBe(other);
    rememberChannel('bestaat-niet', store);
    expect(rememberedChannel(site, store)).toBeNull();
  });

  it('is nothing where the storage refuses, and remembering then does not throw', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(rememberedChannel(site, refusing)).toBeNull();
    expect(() => rememberChannel('radio1', refusing)).not.toThrow();
    expect(rememberedChannel(site, null)).toBeNull();
  });
});
