/** Local storage keys. `vuex` and `tabs` are the spec's names (§9), kept for operators' existing browsers. */
export const SETTINGS_KEY = 'vuex';
export const TABS_KEY = 'tabs';
export const TOKEN_KEY = 'token';
