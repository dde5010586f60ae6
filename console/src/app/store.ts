import { configureStore } from '@reduxjs/toolkit';
import type { ApiDependencies } from '../apiClient/apiDependencies';
import { baseApi } from '../apiClient/baseApi';
import { appSlice } from '../appState/appSlice';

export function createAppStore(dependencies: ApiDependencies) {
  return configureStore({
    reducer: {
      [baseApi.reducerPath]: baseApi.reducer,
      [appSlice.name]: appSlice.reducer,
    },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: dependencies } }).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
