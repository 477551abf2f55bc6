// The `features` parameter: which products this server really runs, so screens and home cards say "not
// available yet" instead of advertising a product with nothing behind it (DESIGN.md §1.8). It is read
// from the routes the server has registered, not typed in: a product is available exactly when the call
// that commits a customer to it exists (CONTRACT.md), so the flag flips on by itself when a product issue
// registers its routes, and cannot claim a product whose routes are missing.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { FeatureFlags, Product } from '@tradewind/contract';

/** The call that makes each product usable; its presence is the product's presence. */
const definingRoute: Record<Product, { method: HTTPMethods; url: string }> = {
  orders: { method: 'POST', url: '/api/swx/customer/order/buyOptions' },
  smart: { method: 'POST', url: '/api/swx/customer/order/buySmart' },
  loans: { method: 'POST', url: '/api/swx/customer/user/loan' },
  nft: { method: 'POST', url: '/api/swx/customer/user/buyNft' },
};

export function featureFlags(app: FastifyInstance): FeatureFlags {
  const has = (product: Product) => app.hasRoute(definingRoute[product]);
  return { orders: has('orders'), smart: has('smart'), loans: has('loans'), nft: has('nft') };
}

/** The derived `features` parameter: `{"orders":false,"smart":false,"loans":false,"nft":false}`. */
export function featuresParam(app: FastifyInstance): () => Promise<string> {
  return async () => JSON.stringify(featureFlags(app));
}
