interface ImportMetaEnv {
  /** Product domain baked into a build; the `nimbus-host` meta tag overrides it at runtime. */
  readonly VITE_NIMBUS_HOST?: string;
}
