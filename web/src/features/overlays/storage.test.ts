import { describe, expect, it } from 'vitest';
import {
  dismissNotification,
  isOnRelatedPath,
  maintenanceKey,
  markModalClosed,
  pickModal,
  pickNotification,
  readIdList,
  shouldFetchModal,
} from './storage';
import { memoryStorage, modalBlock, notification } from './test-data';

describe('event modal storage rules (spec §4)', () => {
  it('is fetched only while isModalChecked is not set', () => {
    expect(shouldFetchModal(memoryStorage())).toBe(true);
    expect(shouldFetchModal(memoryStorage({ isModalChecked: '1' }))).toBe(false);
  });

  it('takes the first published block', () => {
    const blocks = [modalBlock({ id: 1, published: false }), modalBlock({ id: 2 }), modalBlock({ id: 3 })];
    expect(pickModal(blocks, memoryStorage(), memoryStorage())?.id).toBe(2);
    expect(pickModal([modalBlock({ published: false })], memoryStorage(), memoryStorage())).toBeNull();
    expect(pickModal([], memoryStorage(), memoryStorage())).toBeNull();
  });

  it('shows nothing and sets isModalChecked when the first published block was shown before', () => {
    const session = memoryStorage();
    const local = memoryStorage({ modalsShown: '[5,2]' });
    const blocks = [modalBlock({ id: 2 }), modalBlock({ id: 9 })];
    expect(pickModal(blocks, session, local)).toBeNull();
    expect(session.getItem('isModalChecked')).toBe('1');
  });

  it('reads a broken modalsShown as empty', () => {
    const local = memoryStorage({ modalsShown: 'not json' });
    expect(readIdList(local, 'modalsShown')).toEqual([]);
    expect(readIdList(memoryStorage({ modalsShown: '{"a":1}' }), 'modalsShown')).toEqual([]);
    expect(pickModal([modalBlock({ id: 2 })], memoryStorage(), local)?.id).toBe(2);
  });

  it('is not shown on or below its related path', () => {
    expect(isOnRelatedPath('/thema/top-2000-dagen', '/thema/top-2000-dagen')).toBe(true);
    expect(isOnRelatedPath('/thema/top-2000-dagen', '/thema/top-2000-dagen/stemmen')).toBe(true);
    expect(isOnRelatedPath('/thema/top-2000-dagen', '/thema')).toBe(false);
    expect(isOnRelatedPath('/thema/top-2000-dagen', '/')).toBe(false);
    expect(isOnRelatedPath('', '/')).toBe(false);
  });

  it('on close sets isModalChecked and appends the id to modalsShown', () => {
    const session = memoryStorage();
    const local = memoryStorage({ modalsShown: '[1]' });
    markModalClosed(7, session, local);
    expect(session.getItem('isModalChecked')).toBe('1');
    expect(JSON.parse(local.getItem('modalsShown') ?? '')).toEqual([1, 7]);
    markModalClosed(7, session, local);
    expect(JSON.parse(local.getItem('modalsShown') ?? '')).toEqual([1, 7]);
    expect(pickModal([modalBlock({ id: 7 })], memoryStorage(), local)).toBeNull();
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(shouldFetchModal(broken)).toBe(true);
    expect(pickModal([modalBlock()], broken, broken)?.id).toBe(7);
    expect(() => markModalClosed(7, broken, broken)).not.toThrow();
  });
});

describe('maintenance banner storage rules (spec §4)', () => {
  it('uses a per-site key', () => {
    expect(maintenanceKey('ether')).toBe('ether-maintenance-notifications');
  });

  it('shows the first notification not dismissed on this site', () => {
    const list = [notification({ id: 1 }), notification({ id: 2 })];
    expect(pickNotification(list, memoryStorage(), 'ether')?.id).toBe(1);
    const local = memoryStorage({ 'ether-maintenance-notifications': '[1]' });
    expect(pickNotification(list, local, 'ether')?.id).toBe(2);
    expect(pickNotification(list, local, 'other')?.id).toBe(1);
    expect(
      pickNotification(list, memoryStorage({ 'ether-maintenance-notifications': '[1,2]' }), 'ether'),
    ).toBeNull();
  });

  it('dismissing appends the id for good', () => {
    const local = memoryStorage({ 'ether-maintenance-notifications': '[4]' });
    dismissNotification(1, local, 'ether');
    expect(JSON.parse(local.getItem('ether-maintenance-notifications') ?? '')).toEqual([4, 1]);
    expect(pickNotification([notification({ id: 1 })], local, 'ether')).toBeNull();
  });
});
