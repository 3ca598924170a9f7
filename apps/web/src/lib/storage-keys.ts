/** Local storage keys. `vuex` and `tabs` are the spec's names (§9), kept for operators' existing browsers. */
export const SETTINGS_KEY = 'vuex';
export const TABS_KEY = 'tabs';
export const TOKEN_KEY = 'token';
/** Session storage: the sign-in answer said to bind an authenticator first (opens the bind dialog). */
export const MUST_BIND_KEY = 'payops.mustBind';
