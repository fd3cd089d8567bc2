import { describe, expect, it } from 'vitest';
import { broadcast } from '../../test/fixtures';
import { broadcastPlayable, formatOffset, playFromLabel } from './broadcast-playable';

describe('formatOffset', () => {
  it('writes minutes and seconds, hours only when there are any', () => {
    expect(formatOffset(0)).toBe('0:00');
    expect(formatOffset(245)).toBe('4:05');
    expect(formatOffset(3723)).toBe('1:02:03');
    expect(formatOffset(59.9)).toBe('0:59');
  });
  it('never writes a negative or broken offset', () => {
    expect(formatOffset(-5)).toBe('0:00');
    expect(formatOffset(Number.NaN)).toBe('0:00');
  });
  it('labels the track button', () => {
    expect(playFromLabel(3840)).toBe('Speel vanaf 1:04:00');
  });
});

describe('broadcastPlayable', () => {
  it('plays through the play API of the broadcast', () => {
    const playable = broadcastPlayable(broadcast);
    expect(playable.id).toBe('broadcast-501');
    expect(playable.type).toBe('broadcast');
    expect(playable.player.tokenUrl).toBe('/api/play/broadcast/501');
    expect(playable.player.parameters.find((p) => p.name === 'progressive')).toBeUndefined();
  });
});
