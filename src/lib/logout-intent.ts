/**
 * The user clicked Logout. A guarded page still on screen while the browser moves to / (lazy routes
 * render in a transition) must then send the visitor home, as the spec says, not to /login?next=...
 * Cleared once a session is authenticated again.
 */
let requested = false;

export const logoutIntent = {
  mark: (): void => {
    requested = true;
  },
  clear: (): void => {
    requested = false;
  },
  isSet: (): boolean => requested,
};
