import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 strings on SQLite and timestamptz on PostgreSQL;
 * booleans are 0/1 integers on both so repositories read them the same way.
 */
type Timestamp = ColumnType<string | Date, string, string>;

export interface VendorsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  status: 'pending' | 'active' | 'suspended';
  created_at: Timestamp;
  /** the vendor's account; null for sellers onboarded without one (the demo catalogue) */
  user_id: string | null;
  phone: string | null;
  gstin: string | null;
}

/** Better Auth's user table, with our role and status. */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: number | boolean;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  role: 'customer' | 'vendor' | 'admin';
  status: 'active' | 'suspended';
}

export interface SessionsTable {
  id: string;
  expires_at: Timestamp;
  token: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  pincode: string;
  is_default: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SignInFailuresTable {
  id: Generated<number>;
  key: string;
  failed_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  vendor_id: number;
  name: string;
  slug: string;
  brand: string;
  category: 'Laptop' | 'Desktop' | 'Monitor';
  description: string;
  price: number;
  mrp: number;
  stock: number;
  /** JSON array of image URLs */
  images: string;
  /** JSON object of category specs */
  specs: string;
  /** name, brand, category and spec words, maintained by the catalog for the search index */
  search_text: string;
  status: 'draft' | 'active' | 'archived';
  featured: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductAttributesTable {
  product_id: number;
  key: string;
  value: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  topic: string;
  order_number: string | null;
  message: string;
  created_at: Timestamp;
}

export interface Database {
  vendors: VendorsTable;
  products: ProductsTable;
  product_attributes: ProductAttributesTable;
  contact_messages: ContactMessagesTable;
  users: UsersTable;
  sessions: SessionsTable;
  addresses: AddressesTable;
  sign_in_failures: SignInFailuresTable;
}

export type VendorRow = Selectable<VendorsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
