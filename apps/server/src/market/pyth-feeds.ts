// Pyth Network feed ids for the catalogue codes that Pyth prices (MARKET_FEED=…,pyth). Only feeds Pyth lists
// as `stable` with a Hermes id are mapped; everything else stays with an earlier source or the walk.
//
// Where the ids come from: Pyth's own symbol list (the `hermes_id` of each symbol in the snapshot of Pyth's
// symbols service that Pyth committed to github.com/pyth-network/pyth-crosschain, file
// apps/developer-hub/data/changelog-snapshots/2026-05-07.json, commit 9829121679e4; every id below is
// unchanged from the 2026-03-09 snapshot in the same repository, commit 3845cd1b5d02). The FX and metal ids
// agree with Pyth's examples and docs (EUR/USD a995d00b… in apps/insights, XAU/USD 765d2ba9… in the push-feed
// lists). US equities: the list names the current Hermes feed of each `Equity.US.X/USD` symbol; older
// examples use earlier ids for some (AAPL 49f6b65c…), which the list no longer carries — the live test
// (pyth.test.ts, PYTH_LIVE=1) asks Hermes for every id here without `ignore_invalid_price_ids`.
//
// Not mapped, and why (same list): the FX crosses GBPJPY, EURCHF, EURAUD, EURCAD, EURNZD, GBPCHF, GBPAUD,
// GBPCAD, GBPNZD, AUDJPY, AUDCAD, AUDCHF, CADJPY, CHFJPY, NZDJPY, NZDCAD, NZDCHF, CADCHF, copper, aluminium,
// VOO, XLF, GDX, VNQ and the LSE, XETRA, TSE and HKEX stocks are `coming_soon`; XAUEUR, XAGEUR are not
// listed; the futures have no perpetual feed (Pyth's commodities are dated contracts, its spot oil CFDs
// are inactive, and it lists no index level), so they stay on the walk.

/** A Pyth feed: its symbol (for people reading logs) and its Hermes id (64 hex digits, no 0x). */
export type PythFeed = { symbol: string; id: string };

const feeds = {
  // FX (Pyth's FX.BASE/QUOTE is our BASEQUOTE)
  EURUSD: ['FX.EUR/USD', 'a995d00bb36a63cef7fd2c287dc105fc8f3d93779f062f09551b0af3e81ec30b'],
  GBPUSD: ['FX.GBP/USD', '84c2dde9633d93d1bcad84e7dc41c9d56578b7ec52fabedc1f335d673df0a7c1'],
  USDJPY: ['FX.USD/JPY', 'ef2c98c804ba503c6a707e38be4dfbb16683775f195b091252bf24693042fd52'],
  USDCHF: ['FX.USD/CHF', '0b1e3297e69f162877b577b0d6a47a0d63b2392bc8499e6540da4187a63e28f8'],
  AUDUSD: ['FX.AUD/USD', '67a6f93030420c1c9e3fe37c1ab6b77966af82f995944a9fefce357a22854a80'],
  USDCAD: ['FX.USD/CAD', '3112b03a41c910ed446852aacf67118cb1bec67b2cd0b9a214c58cc0eaa2ecca'],
  NZDUSD: ['FX.NZD/USD', '92eea8ba1b00078cdc2ef6f64f091f262e8c7d0576ee4677572f314ebfafa4c7'],
  EURGBP: ['FX.EUR/GBP', 'c349ff6087acab1c0c5442a9de0ea804239cc9fd09be8b1a93ffa0ed7f366d9c'],
  EURJPY: ['FX.EUR/JPY', 'd8c874fa511b9838d094109f996890642421e462c3b29501a2560cecf82c2eb4'],
  AUDNZD: ['FX.AUD/NZD', '67f98d83d2a5ae486d99bd2ab9da74b09f167fdd4928d4e1189f2360e6943522'],
  USDHKD: ['FX.USD/HKD', '19d75fde7fee50fe67753fdc825e583594eb2f51ae84e114a5246c4ab23aff4c'],
  USDSGD: ['FX.USD/SGD', '396a969a9c1480fa15ed50bc59149e2c0075a72fe8f458ed941ddec48bdb4918'],
  USDCNH: ['FX.USD/CNH', 'eef52e09c878ad41f6a81803e3640fe04dceea727de894edd4ea117e2e332e66'],
  USDMXN: ['FX.USD/MXN', 'e13b1c1ffb32f34e1be9545583f01ef385fde7f42ee66049d30570dc866b77ca'],
  USDZAR: ['FX.USD/ZAR', '389d889017db82bf42141f23b61b8de938a4e2d156e36312175bebf797f493f1'],
  USDTRY: ['FX.USD/TRY', '032a2eba1c2635bf973e95fb62b2c0705c1be2603b9572cc8d5edeaf8744e058'],
  USDSEK: ['FX.USD/SEK', '8ccb376aa871517e807358d4e3cf0bc7fe4950474dbe6c9ffc21ef64e43fc676'],
  USDNOK: ['FX.USD/NOK', '235ddea9f40e9af5814dbcc83a418b98e3ee8df1e34e1ae4d45cf5de596023a3'],
  USDPLN: ['FX.USD/PLN', '07cd9b7bb0575a74a7eec1ea357fb01aff3a5d9a1b567394dbdf87ddb5bf777b'],
  EURSEK: ['FX.EUR/SEK', '36c30f8e761825b74f40671ebb0bd9c9ebcc28f9f28bdc19b1e0cfad61be1442'],
  // Metals
  XAUUSD: ['Metal.XAU/USD', '765d2ba906dbc32ca17cc11f5310a89e9ee1f6420508c63861f2f8ba4ee34bb2'],
  XAGUSD: ['Metal.XAG/USD', 'f2fb02c32b055c805e7238d628e5e9dadef274376114eb1f012337cabe93871e'],
  XPTUSD: ['Metal.XPT/USD', '398e4bbc7cbf89d6648c21e08019d878967677753b3096799595c78f805a34e5'],
  XPDUSD: ['Metal.XPD/USD', '80367e9664197f37d89a07a804dffd2101c479c7c4e8490501bc9d9e1e7f9021'],
  // US stocks and ETFs (NYSE and Nasdaq listings; BRK.B is BRK-B at Pyth)
  AAPL: ['Equity.US.AAPL/USD', '241b9a5ce1c3e4bfc68e377158328628f1b478afaa796c4b1760bd3713c2d2d2'],
  MSFT: ['Equity.US.MSFT/USD', '8f98f8267ddddeeb61b4fd11f21dc0c2842c417622b4d685243fa73b5830131f'],
  NVDA: ['Equity.US.NVDA/USD', 'c949a96fd1626e82abc5e1496e6e8d44683ac8ac288015ee90bf37257e3e6bf6'],
  AMZN: ['Equity.US.AMZN/USD', '4ec1330b56eca05037c6b5a51d05f73db79bf3b4d29899881acd27966af184b4'],
  GOOGL: ['Equity.US.GOOGL/USD', '07d24bb76843496a45bce0add8b51555f2ea02098cb04f4c6d61f7b5720836b4'],
  META: ['Equity.US.META/USD', '783a457c2fe5642c96a66ba9a2fe61f511e9a0b539e0ed2a443321978e4d65a1'],
  TSLA: ['Equity.US.TSLA/USD', '713631e41c06db404e6a5d029f3eebfd5b885c59dce4a19f337c024e26584e26'],
  BRKB: ['Equity.US.BRK-B/USD', 'e21c688b7fc65b4606a50f3635f466f6986db129bf16979875d160f9c508e8c7'],
  JPM: ['Equity.US.JPM/USD', '5f451bbe32545c6a157f547182878c4f3e00abd6a785db921761309180606f5a'],
  V: ['Equity.US.V/USD', 'c719eb7bab9b2bc060167f1d1680eb34a29c490919072513b545b9785b73ee90'],
  JNJ: ['Equity.US.JNJ/USD', '12848738d5db3aef52f51d78d98fc8b8b8450ffb19fb3aeeb67d38f8c147ff63'],
  WMT: ['Equity.US.WMT/USD', '327ae981719058e6fb44e132fb4adbf1bd5978b43db0661bfdaefd9bea0c82dc'],
  PG: ['Equity.US.PG/USD', 'ad2fda41998f4e7be99a2a7b27273bd16f183d9adfc014a4f5e5d3d6cd519bf4'],
  MA: ['Equity.US.MA/USD', '639db3fe6951d2465bd722768242e68eb0285f279cb4fa97f677ee8f80f1f1c0'],
  XOM: ['Equity.US.XOM/USD', '7504ce15940085620f11dd037810f85f4a7476fab7a376ea54f3f464f2d165cd'],
  UNH: ['Equity.US.UNH/USD', '05380f8817eb1316c0b35ac19c3caa92c9aa9ea6be1555986c46dce97fed6afd'],
  HD: ['Equity.US.HD/USD', 'b3a83dbe70b62241b0f916212e097465a1b31085fa30da3342dd35468ca17ca5'],
  KO: ['Equity.US.KO/USD', '9aa471dccea36b90703325225ac76189baf7e0cc286b8843de1de4f31f9caa7d'],
  PEP: ['Equity.US.PEP/USD', 'be230eddb16aad5ad273a85e581e74eb615ebf67d378f885768d9b047df0c843'],
  COST: ['Equity.US.COST/USD', '32ac0c2eef56c566447464f1bbe62f1a9d1205a1eeb745d4c1e8951b284877c7'],
  AVGO: ['Equity.US.AVGO/USD', '4aca602c84fa6f1578f39f9f80c210cddf55e03c7850bf54b190b28c16a4c9bc'],
  NFLX: ['Equity.US.NFLX/USD', 'a68f6030142bf1370f0963cd2d33b8aef33e4777a0331a63b383b88b2fd92dd7'],
  ADBE: ['Equity.US.ADBE/USD', 'df82dc88ea742bb42bdb845e5fc3ca4eef2354c67357d338221e8a696891b4ca'],
  CRM: ['Equity.US.CRM/USD', 'feff234600320f4d6bb5a01d02570a9725c1e424977f2b823f7231e6857bdae8'],
  ORCL: ['Equity.US.ORCL/USD', 'ea4801b45b1d1559414d626beb36325883c4ec3563a16c72b3651951a38365a9'],
  INTC: ['Equity.US.INTC/USD', '20e8ff9baf410664638c3ef80d091a13088cfcab442458e94642f39182cbff32'],
  AMD: ['Equity.US.AMD/USD', '7178689d88cdd76574b64438fc57f4e57efaf0bf5f9593ee19c10e46a3c5b5cf'],
  CSCO: ['Equity.US.CSCO/USD', '3f4b77dd904e849f70e1e812b7811de57202b49bc47c56391275c0f45f2ec481'],
  DIS: ['Equity.US.DIS/USD', '703e36203020ae6761e6298975764e266fb869210db9b35dd4e4225fa68217d0'],
  NKE: ['Equity.US.NKE/USD', '67649450b4ca4bfff97cbaf96d2fd9e40f6db148cb65999140154415e4378e14'],
  MCD: ['Equity.US.MCD/USD', 'd3178156b7c0f6ce10d6da7d347952a672467b51708baaf1a57ffe1fb005824a'],
  BA: ['Equity.US.BA/USD', '5d1ace0c1f064268a15a8f903a934050f835e69d003ac53a03646baf6394803b'],
  IBM: ['Equity.US.IBM/USD', 'cfd44471407f4da89d469242546bb56f5c626d5bef9bd8b9327783065b43c3ef'],
  GS: ['Equity.US.GS/USD', '9c68c0c6999765cf6e27adf75ed551b34403126d3b0d5b686a2addb147ed4554'],
  BAC: ['Equity.US.BAC/USD', '21debc1718a4b76ff74dadf801c261d76c46afaafb74d9645b65e00b80f5ee3e'],
  PFE: ['Equity.US.PFE/USD', '0704ad7547b3dfee329266ee53276349d48e4587cb08264a2818288f356efd1d'],
  ABBV: ['Equity.US.ABBV/USD', '019ae7cb58ee716ebdd1288b057373d60224fc98a9a43ee373c6b0df1f3ffdf5'],
  MRK: ['Equity.US.MRK/USD', 'c81114e16ec3cbcdf20197ac974aed5a254b941773971260ce09e7caebd6af46'],
  T: ['Equity.US.T/USD', '63e9f918ab91507c3574cca011da4dccda30cf54d46124d03b70279142ff81f3'],
  VZ: ['Equity.US.VZ/USD', '6672325a220c0ee1166add709d5ba2e51c185888360c01edc76293257ef68b58'],
  CVX: ['Equity.US.CVX/USD', 'f464e36fd4ef2f1c3dc30801a9ab470dcdaaa0af14dd3cf6ae17a7fca9e051c5'],
  UBER: ['Equity.US.UBER/USD', 'c04665f62a0eabf427a834bb5da5f27773ef7422e462d40c7468ef3e4d39d8f1'],
  PYPL: ['Equity.US.PYPL/USD', '773c3b11f6be58e8151966a9f5832696d8cd08884ccc43ac8965a7ebea911533'],
  SHOP: ['Equity.US.SHOP/USD', 'c9034e8c405ba92888887bc76962b619d0f8e8bf3e12aba972af0cf64e814d5d'],
  SBUX: ['Equity.US.SBUX/USD', '86cd9abb315081b136afc72829058cf3aaf1100d4650acb2edb6a8e39f03ef75'],
  COIN: ['Equity.US.COIN/USD', '42ded7a3ed036606ab22ece1c942f6f9245a67f6f4ec27cfad5974d45fe9d6b6'],
  PLTR: ['Equity.US.PLTR/USD', '3a4c922ec7e8cd86a6fa4005827e723a134a16f4ffe836eac91e7820c61f75a1'],
  BABA: ['Equity.US.BABA/USD', '872683454ddad20696781b9af88c30dcf2c231ad122d4d0401b64c558b95bfd3'],
  TSM: ['Equity.US.TSM/USD', 'e722560a66e4ab00522ef20a38fa2ba5d1b41f1c5404723ed895d202a7af7cc4'],
  SPY: ['Equity.US.SPY/USD', '05d590e94e9f51abe18ed0421bc302995673156750e914ac1600583fe2e03f99'],
  QQQ: ['Equity.US.QQQ/USD', '0eda5e8f3e5881e7e64971b02359250f9d70977e63940c4c9c0d77f54195f13e'],
  IWM: ['Equity.US.IWM/USD', 'eff690a187797aa225723345d4612abec0bf0cec1ae62347c0e7b1905d730879'],
  DIA: ['Equity.US.DIA/USD', '57cff3a9a4d4c87b595a2d1bd1bac0240400a84677366d632ab838bbbe56f763'],
  VTI: ['Equity.US.VTI/USD', '26c67e91769aeba33a09469c705a1863794014dac416e4270661f489309ae862'],
  GLD: ['Equity.US.GLD/USD', 'e190f467043db04548200354889dfe0d9d314c08b8d4e62fabf4d5a3140fecca'],
  SLV: ['Equity.US.SLV/USD', '6fc08c9963d266069cbd9780d98383dabf2668322a5bef0b9491e11d67e5d7e7'],
  TLT: ['Equity.US.TLT/USD', '9f383d612ac09c7e6ffda24deca1502fce72e0ba58ff473fea411d9727401cc1'],
  EEM: ['Equity.US.EEM/USD', 'd407e68cec58205be82a6140a668dc42f8d9079bcf3be4aa4b41f41f7b983035'],
  XLE: ['Equity.US.XLE/USD', '8bf649e08e5a86129c57990556c8eec30e296069b524f4639549282bc5c07bb4'],
  XLK: ['Equity.US.XLK/USD', '343e151bf5a9055e075f84ec102186c5902ec4fd11db83cd4d8d8de5af756343'],
  ARKK: ['Equity.US.ARKK/USD', 'b2fe0af6c828efefda3ffda664f919825a535aa28a0f19fc238945c7aff540b1'],
  HYG: ['Equity.US.HYG/USD', '2077043ee3b67b9a70949c8396c110f6cf43de8e6d9e6efdcbd557a152cf2c6e'],
  LQD: ['Equity.US.LQD/USD', 'e4ff71a60c3d5d5d37c1bba559c2e92745c1501ebd81a97d150cf7cd5119aa9c'],
  EFA: ['Equity.US.EFA/USD', '3b7ef6c95ceedbffbb66bff3d6135a200c5d0a0466b0c90812510ceaedebaf04'],
  USO: ['Equity.US.USO/USD', 'd00bd77d97dc5769de77f96d0e1a79cbf1364e14d0dbf046e221bce2e89710dd'],
} satisfies Record<string, readonly [string, string]>;

/** The Pyth feed of each mapped catalogue code. */
export const pythFeeds: ReadonlyMap<string, PythFeed> = new Map(
  Object.entries(feeds).map(([code, [symbol, id]]) => [code, { symbol, id }]),
);
