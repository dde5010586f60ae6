const segment = encodeURIComponent;

/** The custom dashboard screens (/dashboard-custom and the panel editor). */
export const DASHBOARD_PATHS = {
  categories: '/dashboard-custom/category',
  dashboards: (category: string) => `/dashboard-custom/category/${segment(category)}/dashboard`,
  detail: (dashboard: string) => `/dashboard-custom/dashboard/${segment(dashboard)}/detail`,
  /** The panel editor; with a panel name it edits that panel, else it adds one. */
  config: (dashboard: string, panel?: string) =>
    `/dashboard/${segment(dashboard)}/config${panel ? `?panel=${segment(panel)}` : ''}`,
};
