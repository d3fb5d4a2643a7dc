import { sessionValue } from './session-value.ts';

/**
 * The delivery PIN code the shopper last checked, remembered for the visit: product pages check
 * it again, and listings offer to keep to what reaches it.
 */
export const useRememberedPincode = sessionValue('cb.pincode').use;
