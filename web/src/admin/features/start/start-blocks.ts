import type { StartListKey } from './start-api';

/**
 * One list block of the start page: the answer's list it shows, its heading, the sentence shown
 * when it is empty, and whether an item's line names its publication moment. Each has its list in
 * the server's blocks (start_api.cpp).
 */
export interface StartBlock {
  key: StartListKey;
  heading: string;
  empty: string;
  showPublication?: boolean;
}

export const START_BLOCKS: StartBlock[] = [
  {
    key: 'myDrafts',
    heading: 'Mijn concepten',
    empty: 'Je hebt geen concepten. Een nieuw item begin je onder Inhoud.',
  },
  {
    key: 'waitingForReview',
    heading: 'Wacht op beoordeling',
    empty: 'Er wacht niets op beoordeling.',
  },
  {
    key: 'scheduled',
    heading: 'Ingepland',
    empty: 'Er staat niets ingepland om later online te komen.',
    showPublication: true,
  },
  {
    key: 'recentlyEdited',
    heading: 'Onlangs bewerkt',
    empty: 'Er is nog niets bewerkt in het beheer.',
  },
];
