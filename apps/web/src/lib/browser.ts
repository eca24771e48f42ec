/**
 * The few browser side effects the lib performs (full-page redirects, in-app navigation), behind one
 * object so the app can plug in the router and tests can observe them.
 */
type Navigate = (to: string) => void;

let navigateInApp: Navigate = (to) => {
  window.location.assign(to);
};

export const browser = {
  /** Leaves the app (identity provider, end-session). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Moves within the app; the router replaces the default full reload at start-up. */
  navigate(to: string): void {
    navigateInApp(to);
  },
  /** The current in-app location (path + query + hash). */
  currentLocation(): string {
    const { pathname, search, hash } = window.location;
    return `${pathname}${search}${hash}`;
  },
  origin(): string {
    return window.location.origin;
  },
};

export function setInAppNavigator(navigate: Navigate): void {
  navigateInApp = navigate;
}
