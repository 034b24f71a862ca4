/**
 * What health tells others when a user's data changes, after the change committed (earning
 * credits energy from it). Health never imports earning: app.ts wires these to its API.
 */
export interface HealthHooks {
  /**
   * These local days of the user got new data (a watch batch, an imported workout file).
   * Data brought in by importing a Kinetic export (the user's own data restored) does not earn:
   * that import must not call this, so its days count in health's figures and are never credited.
   */
  daysChanged: (userId: number, days: string[]) => Promise<void>
  /** The user's consent changed: what stored days may earn changed. */
  consentChanged: (userId: number) => Promise<void>
}
