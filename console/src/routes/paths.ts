export const LOGIN_PATH = '/login';
export const HOME_PATH = '/home';
export const NOT_FOUND_PATH = '/notFound';
/** `/redirect/<path>` re-renders `<path>`. */
export const REDIRECT_PATH = '/redirect';
