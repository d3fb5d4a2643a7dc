import { describe, expect, it } from 'vitest';
import { formFieldOf, stockNote, toFormValues, validateProductForm, type ProductFormValues } from './product-form.ts';

const monitor: ProductFormValues = {
  name: 'LG UltraGear 27GR83Q',
  brand: 'LG',
  category: 'Monitor',
  description: '',
  sku: ' LG-27GR83Q ',
  price: '24,999.50',
  mrp: '34999',
  stock: '0',
  stockWas: '',
  specs: {
    sizeIn: '27',
    resolution: '2560x1440',
    panel: 'IPS',
    refreshRateHz: '240',
    responseTimeMs: '1',
    ports: 'HDMI 2.1, DisplayPort 1.4 ,, USB-C',
    ramGb: '16',
  },
};

describe('validateProductForm', () => {
  it('turns the form into the API input: paise, numbers, a port list, only this category’s specs', () => {
    const result = validateProductForm(monitor);
    expect(result).toEqual({
      ok: true,
      fields: {
        name: 'LG UltraGear 27GR83Q',
        brand: 'LG',
        category: 'Monitor',
        description: '',
        sku: 'LG-27GR83Q',
        price: 2_499_950,
        mrp: 3_499_900,
        stock: 0,
        specs: {
          sizeIn: 27,
          resolution: '2560x1440',
          panel: 'IPS',
          refreshRateHz: 240,
          responseTimeMs: 1,
          ports: ['HDMI 2.1', 'DisplayPort 1.4', 'USB-C'],
        },
      },
    });
  });

  it('explains each problem in the form’s own terms', () => {
    const result = validateProductForm({
      ...monitor,
      name: 'LG',
      price: 'abc',
      stock: '2.5',
      sku: '',
      specs: { ...monitor.specs, refreshRateHz: '143.5', sizeIn: '', panel: '', ports: ' , ', responseTimeMs: '25' },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: 'Name must be at least 3 characters',
      price: 'Enter the price in rupees, like 64,990 or 64990.50',
      stock: 'Stock must be a whole number, 0 or more',
      'specs.sizeIn': 'Please enter the screen size',
      'specs.panel': 'Please choose the panel type',
      'specs.refreshRateHz': 'Refresh rate must be a whole number',
      'specs.responseTimeMs': 'Response time can be at most 20 ms',
      'specs.ports': 'Please enter at least one port',
    });
  });

  it('passes on the stock the form was filled from, for an edit', () => {
    const result = validateProductForm({ ...monitor, stock: '7', stockWas: '4' });
    expect(result.ok && result.fields).toMatchObject({ stock: 7, stockWas: 4 });
    const created = validateProductForm(monitor);
    expect(created.ok && created.fields).not.toHaveProperty('stockWas');
  });

  it('requires the MRP to be at least the price', () => {
    const result = validateProductForm({ ...monitor, mrp: '20,000' });
    expect(result).toEqual({ ok: false, errors: { mrp: 'MRP must be at least the price' } });
  });
});

describe('form helpers', () => {
  it('maps server fields onto form fields', () => {
    expect(formFieldOf('price', 'Laptop')).toBe('price');
    expect(formFieldOf('specs.ports.0', 'Monitor')).toBe('specs.ports');
    expect(formFieldOf('specs.ports', 'Laptop')).toBeUndefined();
    expect(formFieldOf('images', 'Laptop')).toBeUndefined();
  });

  it('shows a stored product in rupees', () => {
    const values = toFormValues({
      name: 'Dell P2723QE',
      brand: 'Dell',
      category: 'Monitor',
      description: '',
      price: 4_299_900,
      mrp: 5_000_050,
      stock: 3,
      specs: { sizeIn: 27, resolution: '3840x2160', panel: 'IPS', refreshRateHz: 60, responseTimeMs: 5, ports: ['HDMI', 'USB-C'] },
      sku: null,
    });
    expect(values).toMatchObject({
      price: '42,999',
      mrp: '50,000.50',
      stock: '3',
      stockWas: '3',
      sku: '',
      specs: { ports: 'HDMI, USB-C', sizeIn: '27' },
    });
  });

  it('explains a saved stock that orders changed while the form was open', () => {
    expect(stockNote(15, 10, 15)).toBe('');
    expect(stockNote(15, undefined, 12)).toBe('');
    expect(stockNote(15, 10, 12)).toBe(
      'Stock is 12, not 15: orders changed it by −3 while you were editing, and your change (+5) was applied to that.',
    );
    expect(stockNote(10, 10, 8)).toBe('Stock is 8, not 10: orders changed it by −2 while you were editing, and you left it as it was.');
    expect(stockNote(0, 4, 1)).toBe(
      'Stock is 1, not 0: orders changed it by +1 while you were editing, and your change (−4) was applied to that.',
    );
  });
});
