// What the redirect tells others about visits, besides answering and counting them. The engine is given
// one when it is made (redirect-engine.plugin.ts hands it the app's webhooks), so no visit goes unreported
// for want of a listener; the engine does not know who listens.
import type { ClickFields } from '../clicks/click-tracking';

export interface VisitReports {
  /**
   * A counted click, once the click writer queued it (the redirect's path: keep it an in-memory append).
   * `count`: a limited link's count with this click (null for a link without a clicks limit).
   */
  clicked(linkId: number, at: number, fields: ClickFields, count: number | null): void;
  /** A visit found the link's active period ended. */
  linkExpired(linkId: number): void;
}
