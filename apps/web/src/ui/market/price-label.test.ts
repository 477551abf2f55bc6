// The simulated label cannot be forgotten: `Price` carries it by itself, and a `PriceList` lifts the rows'
// labels only when it shows one for all of them. Rendered to HTML with React's server renderer.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PriceSource, PriceStatus } from '@tradewind/contract';
import { parseFeatures } from '../../api/features.ts';
import { Price, PriceList, statusOfSource } from './PriceCell.tsx';

const count = (html: string, testId: string) => html.split(`data-testid="${testId}"`).length - 1;
const labels = (html: string) => count(html, 'simulated-label');
const price = (value: string, source: PriceSource, status: PriceStatus = statusOfSource(source)) =>
  createElement(Price, { key: value, value, source, status });
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

  it('a list of live prices shows no simulated label, and says the prices are live', () => {
    const html = list(['1.00', 'live'], ['2.00', 'live']);
    expect(labels(html)).toBe(0);
    expect(html).toContain('data-testid="live-note"');
  });
});

describe('price status', () => {
  it('a delayed price says so with the age of the price, a live one does not', () => {
    const stale = renderToStaticMarkup(
      createElement(Price, {
        value: '67000.10',
        source: 'live',
        status: 'stale',
        priceAt: Date.now() - 125_000,
      }),
    );
    expect(count(stale, 'delayed-label')).toBe(1);
    expect(stale).toContain('data-status="stale"');
    expect(count(renderToStaticMarkup(price('67000.10', 'live', 'live')), 'delayed-label')).toBe(0);
  });

  it('a closed market says Closed unless the screen says it beside the price', () => {
    expect(count(renderToStaticMarkup(price('1.10', 'live', 'closed')), 'closed-label')).toBe(1);
    const beside = createElement(Price, {
      value: '1.10',
      source: 'live',
      status: 'closed',
      closedShown: true,
    });
    expect(count(renderToStaticMarkup(beside), 'closed-label')).toBe(0);
  });

  it('a closed simulated price keeps its simulated label', () => {
    expect(labels(renderToStaticMarkup(price('1.10', 'simulated', 'closed')))).toBe(1);
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
