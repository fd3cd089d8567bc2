import type { PageData, PageEnvelope } from '../api/types';

/** What every page component receives: its data and the whole envelope. */
export interface PageProps<D extends PageData> {
  data: D;
  envelope: PageEnvelope<D>;
}
