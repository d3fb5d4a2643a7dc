/**
 * The store's public identity, shown in the footer and information pages.
 * The server's configuration can override these (see server/config.ts); these are the defaults.
 */
export interface StoreInfo {
  name: string;
  /** the address shoppers use (the server's PUBLIC_URL): canonical links and shared links start with it */
  url: string;
  tagline: string;
  tradingSince: number;
  legalName: string;
  address: string;
  phone: string;
  supportEmail: string;
  supportHours: string;
  gstin: string;
}

export const DEFAULT_STORE_INFO: StoreInfo = {
  name: 'Circuit Bazaar',
  url: 'http://localhost:3000',
  tagline: 'Laptops, desktops and monitors from trusted sellers across India',
  tradingSince: 2020,
  legalName: 'Circuit Bazaar Retail Private Limited',
  address: '4th Floor, Prestige Tech Park, Outer Ring Road, Marathahalli, Bengaluru, Karnataka 560103',
  phone: '+91 80 4718 2020',
  supportEmail: 'support@circuitbazaar.in',
  supportHours: 'Monday to Saturday, 9:30 am to 7:00 pm IST',
  gstin: '29AAHCC4821K1ZF',
};

export const PAYMENT_METHODS = ['UPI', 'Net Banking', 'Credit/Debit Cards', 'EMI', 'Cash on Delivery'] as const;

/** Days after delivery within which a return may be requested. */
export const RETURN_WINDOW_DAYS = 10;
