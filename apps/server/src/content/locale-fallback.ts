// Which translation answers a request: the contract's chain (the back office's editor shows the same one),
// re-exported here for the content domain's readers.
export { fallbackChain, pickTranslation } from '@tradewind/contract';
