import type { EventModalBlock, MaintenanceNotification } from './types';

/** An event-modal block as /api/eventmodal/content sends it; override what a test needs. */
export function modalBlock(overrides: Partial<EventModalBlock> = {}): EventModalBlock {
  return {
    id: 7,
    __typename: 'cms_eventmodal',
    published: true,
    title: 'De Top 2000 Dagen komen eraan!',
    description: 'Stem nu op je favoriete platen.',
    relatedUrl: '/thema/top-2000-dagen',
    relatedUrlText: 'Stem en lees meer',
    backgroundImage: { url: 'images/pages/top-2000-dagen-modal.webp' },
    cmsLogo: { url: 'images/channels/radio2.webp' },
    countClock: {
      __typename: 'cms_countclock_countdown',
      caption: 'Nog even en de lijst begint',
      endDate: '2026-12-25 00:00:00',
      startDate: '2026-11-01 00:00:00',
    },
    ...overrides,
  };
}

export function notification(overrides: Partial<MaintenanceNotification> = {}): MaintenanceNotification {
  return {
    id: 3,
    title: 'Gepland onderhoud',
    description: 'Terugluisteren kan even haperen.',
    url: 'https://status.ether.example/onderhoud',
    isDismissable: true,
    ...overrides,
  };
}

/** An in-memory Web Storage stand-in. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}
