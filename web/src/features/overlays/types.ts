// The JSON of the overlay endpoints (spec §3 EventModal content block and MaintenanceNotification).

export type CountClockType =
  'cms_countclock_countdown' | 'cms_countclock_countup' | 'cms_article_body_unknown_item';

export interface CountClockBlock {
  __typename: CountClockType;
  caption: string | null;
  /** Amsterdam wall-clock time 'yyyy-MM-dd HH:mm:ss'. */
  endDate: string | null;
  /** Amsterdam wall-clock time 'yyyy-MM-dd HH:mm:ss'; only used for a count-up. */
  startDate: string | null;
}

export interface EventModalBlock {
  id: number;
  __typename: 'cms_eventmodal';
  published: boolean;
  title: string;
  description: string;
  relatedUrl: string;
  relatedUrlText: string;
  backgroundImage: { url: string } | null;
  cmsLogo: { url: string } | null;
  countClock: CountClockBlock | null;
}

/** GET /api/eventmodal/content */
export interface EventModalResponse {
  data: { cmsContentBlocks: { data: EventModalBlock[] } };
}

export interface MaintenanceNotification {
  id: number;
  title: string;
  description: string;
  url: string | null;
  isDismissable: boolean;
}

/** GET /api/maintenance-notification */
export interface MaintenanceResponse {
  data: { maintenanceNotifications: { data: MaintenanceNotification[] } };
}
