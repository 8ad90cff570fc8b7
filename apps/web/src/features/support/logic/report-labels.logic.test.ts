import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { productLabels, productsMap, severityOptions } from './report-labels.logic.ts';

const t = ((key: string) => key) as unknown as TFunction<'support'>;

describe('report labels', () => {
  it('maps chosen products to the spec map in §3 order, ignoring unknown keys', () => {
    expect(productsMap(['mobile', 'hatch', 'toaster'])).toEqual({ hatch: '1', mobile: '1' });
    expect(productsMap([])).toEqual({});
  });

  it('labels the products of a report that are set to 1, in §3 order', () => {
    expect(productLabels({ mobile: '1', hatch: '1', exporter: '0' }, t)).toEqual(['products.hatch', 'products.mobile']);
  });

  it('offers the severities lowest to highest', () => {
    expect(severityOptions(t).map((option) => option.value)).toEqual(['lowest', 'low', 'medium', 'high', 'highest']);
  });
});
