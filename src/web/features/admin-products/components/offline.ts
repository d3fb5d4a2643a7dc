/** The advice after a request that did not get through. */
export const OFFLINE = 'Please check your internet connection and try again.';
