import type { VendorProduct } from '#shared/schemas/vendor.ts';

/**
 * A seller's product as GET /api/vendor/products/:id answers it: Kochi Computers' Dell P2723QE
 * monitor, active, approved, with one image. Tests change what they are about.
 */
export function storedMonitor(changes: Partial<VendorProduct> = {}): VendorProduct {
  return {
    id: 9,
    vendor: { id: 7, name: 'Kochi Computers', slug: 'kochi-computers' },
    name: 'Dell P2723QE',
    slug: 'dell-p2723qe',
    brand: 'Dell',
    category: 'Monitor',
    description: '',
    price: 4_299_950,
    mrp: 5_000_000,
    stock: 3,
    images: ['/media/a.webp'],
    specs: { sizeIn: 27, resolution: '3840x2160', panel: 'IPS', refreshRateHz: 60, responseTimeMs: 5, ports: ['HDMI', 'USB-C'] },
    status: 'active',
    featured: false,
    createdAt: '2025-01-10T10:00:00.000Z',
    updatedAt: '2025-01-10T10:00:00.000Z',
    offerId: null,
    sellerCount: 1,
    offers: [],
    rating: null,
    sku: 'DELL-P2723QE',
    hasOrders: false,
    hiddenReason: null,
    moderationReplies: [],
    sharedDetails: false,
    proposal: null,
    review: { status: 'approved', reason: null },
    ...changes,
  };
}
