import type { MemberRefusal } from '@nimbus/api';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DerivedRole } from './deriveRole';

export type SettingsTab = 'basic' | 'password' | 'aksk' | 'mfa';

export interface SignedInUser {
  userName: string;
  userId: string;
}

export interface RoutesGeneratedPayload {
  role: DerivedRole;
  organizationId?: string;
  user: SignedInUser;
}

export interface AppState {
  /** The role routes were generated for; undefined until user info is loaded (no routes yet). */
  role?: DerivedRole;
  /** Whose data the shell shows; set together with the role. */
  user?: SignedInUser;
  /** uuid of the current organization; undefined when the user belongs to none. */
  organizationId?: string;
  /** Tasks under the full-screen "Loading..." indicator (guard loading, organization switch). */
  loadingTasks: number;
  settings: { open: boolean; tab: SettingsTab };
  joinOrganizationOpen: boolean;
  /**
   * The "Why?" dialog after a 9997: open, the cluster of the refused request if any, and the
   * exact call when a member cluster refused it.
   */
  why: { open: boolean; cluster?: string; refusal?: MemberRefusal };
  /**
   * The user whose first dialogs (password change, organization, MFA) were already decided in
   * this page load: the shell that decides them is left and entered again (a log or shell
   * screen has none), and must not open them again.
   */
  autoDialogsDecidedFor?: string;
}

const initialState: AppState = {
  loadingTasks: 0,
  settings: { open: false, tab: 'basic' },
  joinOrganizationOpen: false,
  why: { open: false },
};

/** What the console shell knows besides cached API data: generated routes, loaders, dialogs. */
export const appSlice = createSlice({
  name: 'app',
  initialState,
  reducers: {
    routesGenerated(state, action: PayloadAction<RoutesGeneratedPayload>) {
      state.role = action.payload.role;
      state.organizationId = action.payload.organizationId;
      state.user = action.payload.user;
    },
    loadingStarted(state) {
      state.loadingTasks += 1;
    },
    loadingEnded(state) {
      state.loadingTasks = Math.max(0, state.loadingTasks - 1);
    },
    settingsOpened(state, action: PayloadAction<SettingsTab>) {
      state.settings = { open: true, tab: action.payload };
    },
    settingsClosed(state) {
      state.settings.open = false;
    },
    joinOrganizationOpened(state) {
      state.joinOrganizationOpen = true;
    },
    joinOrganizationClosed(state) {
      state.joinOrganizationOpen = false;
    },
    whyOpened(state, action: PayloadAction<{ cluster?: string; refusal?: MemberRefusal }>) {
      state.why = { open: true, ...action.payload };
    },
    whyClosed(state) {
      state.why = { open: false };
    },
    autoDialogsDecided(state, action: PayloadAction<string>) {
      state.autoDialogsDecidedFor = action.payload;
    },
    /** Sign-out: forget the routes and every open dialog. */
    appReset: () => initialState,
  },
});

export const appActions = appSlice.actions;

export const selectFullScreenLoading = (state: { app: AppState }): boolean =>
  state.app.loadingTasks > 0;
