/** Shapes of the shell's server answers (the server's own schemas are not exported to the web yet). */

export interface CurrentUser {
  userId: number;
  userName: string;
  /** 1 = authenticator bound. */
  googleAuthStatusData: number;
  /** An administrator chose the password: it must be changed before anything else. */
  mustChangePassword?: boolean;
}

export interface MenuChild {
  name: string;
  path: string;
  titleKey: string;
  cache: boolean;
  placeholder?: boolean;
}

export interface MenuGroup {
  name: string;
  path: string;
  redirect: string;
  titleKey: string;
  icon: string;
  children: MenuChild[];
}

export interface ExchangeRate {
  currency: string;
  exchangeCurrency: string;
  type: 'BUY' | 'SELL';
  /** Decimal string. */
  exchangeRate: string;
}

export interface OrderCounts {
  failedMatchEmailOrderCount: number;
  inAuditOrderCount: number;
  lowAmountOrderCount: number;
  timeOutOrderCount: number;
  /** The largest amount the low-amount badge counts (its list's amount filter). */
  lowAmountMax: string;
}

export interface RecentLogin {
  id: number;
  at: string;
  ip: string;
  result: 'success' | 'failure';
  factor: 'password' | 'password+totp';
}

export interface DashboardOverview {
  operator: { userId: number; userName: string; roles: string[] };
  recentLogins: RecentLogin[];
  exchangeRates: ExchangeRate[];
}
