// The simulated label cannot be forgotten: `Price` carries it by itself, and a `PriceList` lifts the rows'
// labels only when it shows one for all of them. Rendered to HTML with React's server renderer.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PriceSource } from '@tradewind/contract';
import { parseFeatures } from '../../api/features.ts';
import { Price, PriceList } from './PriceCell.tsx';

const labels = (html: string) => html.split('data-testid="simulated-label"').length - 1;
const price = (value: string, source: PriceSource) => createElement(Price, { key: value, value, source });
const list = (...rows: Array<[value: string, source: PriceSource]>) =>
  renderToStaticMarkup(
    createElement(PriceList, {
      sources: rows.map(([, source]) => source),
      children: rows.map(([value, source]) => price(value, source)),
    }),
  );

describe('simulated label', () => {
  it('a simulated price shown on its own carries the label', () => {
    expect(labels(renderToStaticMarkup(price('67000.10', 'simulated')))).toBe(1);
  });

  it('a live price carries no label', () => {
    expect(labels(renderToStaticMarkup(price('67000.10', 'live')))).toBe(0);
  });

  it('a list of simulated prices shows one label above them instead of one per row', () => {
    const html = list(['1.00', 'simulated'], ['2.00', 'simulated'], ['3.00', 'simulated']);
    expect(labels(html)).toBe(1);
    expect(html).toContain('data-testid="simulated-note"');
  });

  it('a mixed list labels each simulated price and no live one', () => {
    const html = list(['1.00', 'live'], ['2.00', 'simulated'], ['3.00', 'live']);
    expect(labels(html)).toBe(1);
    expect(html).not.toContain('data-testid="simulated-note"');
  });

  it('a list of live prices shows no label at all', () => {
    expect(labels(list(['1.00', 'live'], ['2.00', 'live']))).toBe(0);
  });
});

describe('features parameter', () => {
  it('opens only the products the server answers true for', () => {
    expect(parseFeatures('{"orders":false,"smart":true,"loans":false,"nft":false}')).toEqual({
      orders: false,
      smart: true,
      loans: false,
      nft: false,
    });
  });

  it('keeps every product closed on a malformed or unexpected answer', () => {
    const closed = { orders: false, smart: false, loans: false, nft: false };
    expect(parseFeatures('not json')).toEqual(closed);
    expect(parseFeatures('null')).toEqual(closed);
    expect(parseFeatures('{"smart":"true","nft":1}')).toEqual(closed);
  });
});
