/** States and union territories of India, for addresses. */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

export type IndianState = (typeof INDIAN_STATES)[number];

/** A +91 mobile number: 10 digits starting 6–9, with or without +91, spaces or hyphens. */
export const INDIAN_MOBILE = /^(?:\+?91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}$/;

export const PIN_CODE = /^[1-9]\d{5}$/;

/** "+91 98450 12345" → "+919845012345" */
export function normaliseMobile(value: string): string {
  return `+91${value.replace(/\D/g, '').slice(-10)}`;
}

/**
 * What is wrong with an address's PIN code and state, given India Post's place for the PIN code
 * (undefined when the directory does not know it); undefined when they agree. Every address is
 * checked by it: the state follows the PIN code, since it decides the invoice's place of supply.
 */
export function pincodeStateProblem(address: { pincode: string; state: string }, place: { state: string } | undefined): string | undefined {
  if (!place) return `PIN code ${address.pincode} is not in India Post's directory. Please check it.`;
  if (place.state !== address.state) return `PIN code ${address.pincode} is in ${place.state}, not ${address.state}`;
  return undefined;
}
