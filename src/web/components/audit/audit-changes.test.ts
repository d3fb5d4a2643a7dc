import { describe, expect, it } from 'vitest';
import { formatPickupDate } from '#shared/returns.ts';
import { auditActionName, auditChanges, productActionName, productChanges } from './audit-changes.ts';

describe('productChanges', () => {
  it('shows prices in rupees, statuses by name and only the specs that changed', () => {
    const before = { price: 64_990_00, status: 'active', specs: { ramGb: 16, storageGb: 512, ports: ['HDMI'] } };
    const after = { price: 59_990_00, status: 'archived', specs: { ramGb: 32, storageGb: 512, ports: ['HDMI', 'USB-C'] } };
    expect(productChanges(before, after)).toEqual([
      { label: 'Price', before: '₹64,990', after: '₹59,990' },
      { label: 'Status', before: 'Active', after: 'Archived' },
      { label: 'RAM (GB)', before: '16', after: '32' },
      { label: 'Ports', before: 'HDMI', after: 'HDMI, USB-C' },
    ]);
  });

  it('shows what is missing as a dash and shortens long text', () => {
    expect(productChanges({ hiddenReason: null }, { hiddenReason: 'Wrong photos' })).toEqual([
      { label: 'Hidden from the store', before: '—', after: 'Wrong photos' },
    ]);
    const [line] = productChanges({ description: '' }, { description: 'x'.repeat(500) });
    expect(line?.before).toBe('—');
    expect(line?.after).toHaveLength(160);
    expect(line?.after.endsWith('…')).toBe(true);
    expect(productChanges(null, undefined)).toEqual([]);
  });

  it('shows featuring on the home page as yes or no', () => {
    expect(productChanges({ featured: false }, { featured: true })).toEqual([
      { label: 'Featured on the home page', before: 'No', after: 'Yes' },
    ]);
  });
});

describe('productActionName', () => {
  it('names the product actions and tidies unknown ones', () => {
    expect(productActionName('product.archive')).toBe('Archived');
    expect(productActionName('product.edit')).toBe('Edited');
    expect(productActionName('product.re-price')).toBe('Product re price');
  });
});

describe('a return’s entries', () => {
  it('read the step by name, the status by name, the pickup by courier and day, the replacement by tracking number', () => {
    expect(auditActionName('return.approve')).toBe('Return approved');
    expect(auditActionName('return.ship-replacement')).toBe('Replacement shipped');
    expect(
      auditChanges({ status: 'requested' }, { status: 'approved', pickup: { carrier: 'Delhivery', pickupDate: '2026-11-27' } }),
    ).toEqual([
      { label: 'Status', before: 'Requested', after: 'Approved' },
      { label: 'Pickup', before: '—', after: `Delhivery on ${formatPickupDate('2026-11-27')}` },
    ]);
    expect(
      auditChanges(
        { status: 'received' },
        { status: 'replacement_shipped', shipment: { carrier: 'Blue Dart', trackingNumber: 'BD123456' } },
      ),
    ).toEqual([
      { label: 'Status', before: 'Received', after: 'Replacement shipped' },
      { label: 'Replacement sent', before: '—', after: 'Blue Dart, tracking number BD123456' },
    ]);
    expect(auditChanges({ status: 'picked_up' }, { status: 'received', restocked: true })).toEqual([
      { label: 'Status', before: 'Picked up', after: 'Received' },
      { label: 'Back in stock', before: '—', after: 'Yes' },
    ]);
  });
});
