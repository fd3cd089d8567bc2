// The global overlays (event modal and maintenance banner): what the shell uses.
export {
  EventModalSlot,
  MaintenanceBannerSlot,
  prefetchMaintenanceNotifications,
  wireServerBannerClose,
} from './overlays';
export { toModalView, MODAL_FALLBACK_IMAGE, type EventModalView } from './modal-view';
export type { EventModalBlock, MaintenanceNotification } from './types';
