import { describe, expect, it } from 'vitest';
import { productAttributes } from './facet-attributes.ts';
import { graphicsFamily, INTEGRATED_GRAPHICS, processorFamily } from './spec-families.ts';

describe('processor families', () => {
  it.each([
    ['Intel Core i5-1335U', 'Intel Core i5'],
    ['Intel Core i7-14700F', 'Intel Core i7'],
    ['Intel Core i3-N305', 'Intel Core i3'],
    ['Intel Core i9-14900KF', 'Intel Core i9'],
    ['13th Gen Intel® Core™ i7-13620H', 'Intel Core i7'],
    ['i5 12450H', 'Intel Core i5'],
    ['Intel Core Ultra 7 258V', 'Intel Core Ultra 7'],
    ['Intel Core Ultra 9 275HX', 'Intel Core Ultra 9'],
    ['Intel Core 5 120U', 'Intel Core 5'],
    ['Intel Celeron N4500', 'Intel Celeron'],
    ['AMD Ryzen 5 8600G', 'AMD Ryzen 5'],
    ['AMD Ryzen 7 9800X3D', 'AMD Ryzen 7'],
    ['AMD Ryzen AI 9 HX 370', 'AMD Ryzen AI 9'],
    ['AMD Athlon Silver 7120U', 'AMD Athlon'],
    ['Apple M3', 'Apple M3'],
    ['Apple M4 (10-core CPU)', 'Apple M4'],
    ['Apple M4 Pro (12-core CPU)', 'Apple M4 Pro'],
    ['Apple M4 Max (14-core CPU)', 'Apple M4 Max'],
    ['Qualcomm Snapdragon X Elite X1E-78-100', 'Qualcomm Snapdragon X'],
    ['Snapdragon X Plus X1P-42-100', 'Qualcomm Snapdragon X'],
    ['MediaTek Kompanio 520', 'MediaTek Kompanio'],
  ])('%s is %s', (processor, family) => {
    expect(processorFamily(processor)).toBe(family);
  });

  it('leaves what it does not recognise without a family', () => {
    expect(processorFamily('Octa-core 2.4 GHz')).toBeUndefined();
    expect(processorFamily('')).toBeUndefined();
  });
});

describe('graphics families', () => {
  it.each([
    ['NVIDIA GeForce RTX 4060 8 GB', 'NVIDIA GeForce RTX 4060'],
    ['NVIDIA GeForce RTX 4060 Ti 8 GB', 'NVIDIA GeForce RTX 4060 Ti'],
    ['NVIDIA GeForce RTX 4070 SUPER 12 GB', 'NVIDIA GeForce RTX 4070 SUPER'],
    ['NVIDIA GeForce RTX 5070 Ti 16 GB', 'NVIDIA GeForce RTX 5070 Ti'],
    ['NVIDIA GeForce RTX 5070 Ti 12 GB', 'NVIDIA GeForce RTX 5070 Ti'],
    ['RTX 3050 6GB Laptop GPU', 'NVIDIA GeForce RTX 3050'],
    ['nvidia geforce gtx 1650', 'NVIDIA GeForce GTX 1650'],
    ['NVIDIA GeForce MX550 2 GB', 'NVIDIA GeForce MX550'],
    ['NVIDIA RTX 2000 Ada 8 GB', 'NVIDIA RTX 2000 Ada'],
    ['AMD Radeon RX 7600M XT 8 GB', 'AMD Radeon RX 7600M XT'],
    ['Intel Arc A770 16 GB', 'Intel Arc A770'],
    ['Intel UHD Graphics 730', INTEGRATED_GRAPHICS],
    ['Intel Iris Xe Graphics', INTEGRATED_GRAPHICS],
    ['Intel Arc 140V', INTEGRATED_GRAPHICS],
    ['Intel Arc Graphics', INTEGRATED_GRAPHICS],
    ['AMD Radeon 780M', INTEGRATED_GRAPHICS],
    ['Apple 10-core GPU', INTEGRATED_GRAPHICS],
    ['Qualcomm Adreno', INTEGRATED_GRAPHICS],
  ])('%s is %s', (graphics, family) => {
    expect(graphicsFamily(graphics)).toBe(family);
  });
});

describe('a product’s facet attributes', () => {
  it('carry a laptop’s processor family and graphics, and neither for a monitor', () => {
    const laptop = {
      processor: 'AMD Ryzen 7 8845HS',
      ramGb: 16,
      storageGb: 1024,
      storageType: 'SSD',
      displaySizeIn: 14,
      graphics: 'NVIDIA GeForce RTX 4060 8 GB',
      os: 'Windows 11 Home',
      weightKg: 1.6,
      batteryWh: 70,
    } as const;
    expect(productAttributes('Laptop', laptop)).toEqual([
      ['ram', '16'],
      ['storage', '1024'],
      ['processor', 'AMD Ryzen 7'],
      ['graphics', 'NVIDIA GeForce RTX 4060'],
      ['screenSize', '14'],
      ['os', 'Windows 11 Home'],
    ]);
    expect(productAttributes('Laptop', { ...laptop, processor: 'Octa-core 2.4 GHz' }).map(([key]) => key)).not.toContain('processor');
    const monitor = { sizeIn: 27, resolution: '2560x1440', panel: 'IPS', refreshRateHz: 165, responseTimeMs: 1, ports: ['HDMI'] };
    expect(productAttributes('Monitor', monitor as never).map(([key]) => key)).toEqual([
      'screenSize',
      'resolution',
      'panel',
      'refreshRate',
    ]);
  });
});
