/** The frame's fixed sizes (spec §2): side bar 250 px, 60 px collapsed, collapsing by itself at 1000 px. */
export const SIDER_WIDTH = 250;
export const SIDER_COLLAPSED_WIDTH = 60;
export const COLLAPSE_BREAKPOINT = 1000;
