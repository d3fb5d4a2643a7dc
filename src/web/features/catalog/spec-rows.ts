import type { Category } from '#shared/categories.ts';
import { formatGigabytes } from '#shared/facets.ts';
import type { DesktopSpecs, LaptopSpecs, MonitorSpecs, ProductSpecs } from '#shared/schemas/catalog.ts';

const storage = (gb: number, type: string) => `${formatGigabytes(gb)} ${type}`;

const resolution = (value: string) => value.replace('x', ' × ');

/** The model's identifiers, when its seller gave them. */
function identifierRows(specs: ProductSpecs): Array<[string, string]> {
  return [
    ...(specs.partNumber ? [['Model number', specs.partNumber] as [string, string]] : []),
    ...(specs.ean ? [['EAN', specs.ean] as [string, string]] : []),
  ];
}

/** The spec table of a product, labelled for shoppers. */
export function specRows(category: Category, specs: ProductSpecs): Array<[string, string]> {
  return [...categoryRows(category, specs), ...identifierRows(specs)];
}

function categoryRows(category: Category, specs: ProductSpecs): Array<[string, string]> {
  switch (category) {
    case 'Laptop': {
      const s = specs as LaptopSpecs;
      return [
        ['Processor', s.processor],
        ['RAM', `${s.ramGb} GB`],
        ['Storage', storage(s.storageGb, s.storageType)],
        ['Display', `${s.displaySizeIn} inch`],
        ['Graphics', s.graphics],
        ['Operating system', s.os],
        ['Weight', `${s.weightKg} kg`],
        ['Battery', `${s.batteryWh} Wh`],
      ];
    }
    case 'Desktop': {
      const s = specs as DesktopSpecs;
      return [
        ['Processor', s.processor],
        ['RAM', `${s.ramGb} GB`],
        ['Storage', storage(s.storageGb, s.storageType)],
        ['Graphics', s.graphics],
        ['Form factor', s.formFactor],
      ];
    }
    case 'Monitor': {
      const s = specs as MonitorSpecs;
      return [
        ['Screen size', `${s.sizeIn} inch`],
        ['Resolution', resolution(s.resolution)],
        ['Panel', s.panel],
        ['Refresh rate', `${s.refreshRateHz} Hz`],
        ['Response time', `${s.responseTimeMs} ms`],
        ['Ports', s.ports.join(', ')],
      ];
    }
  }
}

/** Three or four key specs on one line, for cards. */
export function keySpecs(category: Category, specs: ProductSpecs): string {
  switch (category) {
    case 'Laptop': {
      const s = specs as LaptopSpecs;
      return [s.processor, `${s.ramGb} GB RAM`, storage(s.storageGb, s.storageType), `${s.displaySizeIn}″`].join(' · ');
    }
    case 'Desktop': {
      const s = specs as DesktopSpecs;
      return [s.processor, `${s.ramGb} GB RAM`, storage(s.storageGb, s.storageType)].join(' · ');
    }
    case 'Monitor': {
      const s = specs as MonitorSpecs;
      return [`${s.sizeIn}″ ${s.panel}`, resolution(s.resolution), `${s.refreshRateHz} Hz`].join(' · ');
    }
  }
}
