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
}

export type VendorRow = Selectable<VendorsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
