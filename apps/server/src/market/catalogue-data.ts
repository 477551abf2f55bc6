// The first-start catalogue: real ticker symbols with plausible reference prices (the level the simulated
// walk moves around). One line per instrument, `SYMBOL|Name|reference price` (decimal text, never a float).
// Order matters for crypto: the first 30 tick every second, the next 70 about every other second.

export const cryptoLines = `
BTC|Bitcoin|67000
ETH|Ethereum|3200
BNB|BNB|580
SOL|Solana|150
XRP|XRP|0.55
DOGE|Dogecoin|0.14
ADA|Cardano|0.45
TRX|TRON|0.12
AVAX|Avalanche|30
SHIB|Shiba Inu|0.000018
TON|Toncoin|6.5
DOT|Polkadot|6.2
LINK|Chainlink|14
BCH|Bitcoin Cash|380
NEAR|NEAR Protocol|5.2
LTC|Litecoin|75
POL|Polygon Ecosystem Token|0.45
UNI|Uniswap|8.5
ICP|Internet Computer|9
APT|Aptos|8
PEPE|Pepe|0.0000095
ETC|Ethereum Classic|22
FET|Fetch.ai|1.3
RENDER|Render|6
ATOM|Cosmos Hub|6.5
XLM|Stellar|0.1
FIL|Filecoin|4.5
ARB|Arbitrum|0.7
SUI|Sui|1.1
OP|Optimism|1.8
INJ|Injective|22
HBAR|Hedera|0.075
IMX|Immutable|1.5
STX|Stacks|1.8
VET|VeChain|0.028
MKR|Maker|2200
TAO|Bittensor|350
GRT|The Graph|0.2
WIF|dogwifhat|2.2
AR|Arweave|25
THETA|Theta Network|1.5
FTM|Fantom|0.5
RUNE|THORChain|4.5
BONK|Bonk|0.000022
FLOKI|Floki|0.00015
ALGO|Algorand|0.15
SEI|Sei|0.35
JUP|Jupiter|0.9
TIA|Celestia|6
LDO|Lido DAO|1.8
AAVE|Aave|95
PYTH|Pyth Network|0.35
ENA|Ethena|0.6
ONDO|Ondo|0.9
GALA|Gala|0.025
FLOW|Flow|0.65
EGLD|MultiversX|32
QNT|Quant|70
SAND|The Sandbox|0.3
AXS|Axie Infinity|5.5
MANA|Decentraland|0.32
EOS|EOS|0.55
XTZ|Tezos|0.7
NEO|NEO|10
KAS|Kaspa|0.15
CFX|Conflux|0.15
CHZ|Chiliz|0.07
SNX|Synthetix|1.9
ORDI|ORDI|35
WLD|Worldcoin|2.2
BEAM|Beam|0.015
AKT|Akash Network|3
MINA|Mina|0.55
KAVA|Kava|0.4
CRV|Curve DAO|0.3
BTT|BitTorrent|0.00000085
XEC|eCash|0.000035
IOTA|IOTA|0.17
ZEC|Zcash|30
DYDX|dYdX|1.4
GNO|Gnosis|260
ROSE|Oasis|0.08
1INCH|1inch|0.35
CAKE|PancakeSwap|2
COMP|Compound|50
ENS|Ethereum Name Service|20
JASMY|JasmyCoin|0.025
PENDLE|Pendle|4.5
BLUR|Blur|0.25
ZIL|Zilliqa|0.017
RAY|Raydium|1.8
WOO|WOO|0.2
LUNC|Terra Classic|0.00009
LUNA|Terra|0.45
GMT|STEPN|0.16
ZRX|0x Protocol|0.4
BAT|Basic Attention Token|0.2
ENJ|Enjin Coin|0.22
CELO|Celo|0.65
ANKR|Ankr|0.03
RVN|Ravencoin|0.022
QTUM|Qtum|2.8
ICX|ICON|0.16
ONE|Harmony|0.015
HOT|Holo|0.002
ZEN|Horizen|9
IOTX|IoTeX|0.04
KSM|Kusama|25
SUSHI|SushiSwap|0.75
YFI|yearn.finance|6000
BAL|Balancer|2.5
UMA|UMA|2.4
SKL|SKALE|0.045
STORJ|Storj|0.45
SXP|Solar|0.25
WAVES|Waves|1.2
ONT|Ontology|0.2
LRC|Loopring|0.17
AUDIO|Audius|0.15
API3|API3|1.6
BAND|Band Protocol|1.3
CTSI|Cartesi|0.15
COTI|COTI|0.08
DASH|Dash|25
DCR|Decred|15
DGB|DigiByte|0.009
SC|Siacoin|0.005
XEM|NEM|0.015
XMR|Monero|160
LSK|Lisk|1
NMR|Numeraire|18
OCEAN|Ocean Protocol|0.6
OGN|Origin Protocol|0.1
RLC|iExec RLC|1.8
KNC|Kyber Network|0.5
MASK|Mask Network|2.5
CELR|Celer Network|0.015
CKB|Nervos Network|0.012
CHR|Chromia|0.2
C98|Coin98|0.15
DENT|Dent|0.0009
ALICE|My Neighbor Alice|1
ALPHA|Stella|0.07
ARPA|ARPA|0.04
ATA|Automata|0.1
BAKE|BakeryToken|0.2
BICO|Biconomy|0.3
BNT|Bancor|0.6
CLV|CLV|0.04
CVC|Civic|0.12
DODO|DODO|0.12
DUSK|Dusk|0.2
ELF|aelf|0.4
FIDA|Bonfida|0.25
FLUX|Flux|0.6
FORTH|Ampleforth Governance|3
FXS|Frax Share|2
GLM|Golem|0.35
GTC|Gitcoin|0.9
HIGH|Highstreet|1.3
HOOK|Hooked Protocol|0.4
ID|SPACE ID|0.35
IDEX|IDEX|0.05
ILV|Illuvium|40
JOE|JOE|0.3
JST|JUST|0.03
KDA|Kadena|0.6
LINA|Linear Finance|0.004
LIT|Litentry|0.7
LOOM|Loom Network|0.06
LPT|Livepeer|12
MAGIC|Treasure|0.4
MAV|Maverick Protocol|0.25
MDT|Measurable Data Token|0.05
MTL|Metal DAO|1.3
NKN|NKN|0.1
OXT|Orchid|0.08
PERP|Perpetual Protocol|0.7
PHA|Phala Network|0.14
POLYX|Polymesh|0.3
POND|Marlin|0.015
POWR|Powerledger|0.25
QI|BENQI|0.012
QKC|QuarkChain|0.01
RAD|Radworks|1.5
RDNT|Radiant Capital|0.1
REEF|Reef|0.0015
REQ|Request|0.12
RIF|Rootstock Infrastructure Framework|0.1
RSR|Reserve Rights|0.007
SFP|SafePal|0.75
SLP|Smooth Love Potion|0.003
SPELL|Spell Token|0.0007
SSV|ssv.network|30
STG|Stargate Finance|0.4
STMX|StormX|0.006
STPT|STP|0.05
STRAX|Stratis|0.07
SUPER|SuperVerse|0.7
SYN|Synapse|0.5
SYS|Syscoin|0.12
T|Threshold|0.02
TFUEL|Theta Fuel|0.06
TLM|Alien Worlds|0.01
TRB|Tellor|80
TRU|TrueFi|0.08
TWT|Trust Wallet Token|0.9
VTHO|VeThor Token|0.003
WAXP|WAX|0.04
WIN|WINkLink|0.0001
XVS|Venus|8
XVG|Verge|0.005
YGG|Yield Guild Games|0.5
ACH|Alchemy Pay|0.025
AGLD|Adventure Gold|1.2
AMP|Amp|0.006
ASTR|Astar|0.07
AUCTION|Bounce Token|12
BADGER|Badger DAO|3
BEL|Bella Protocol|0.8
BSW|Biswap|0.06
CYBER|Cyber|5
DEGO|Dego Finance|2
DIA|DIA|0.5
EDU|Open Campus|0.55
FIO|FIO Protocol|0.02
FLM|Flamingo|0.07
GMX|GMX|28
HFT|Hashflow|0.25
HIFI|Hifi Finance|0.6
KEY|SelfKey|0.005
LEVER|LeverFi|0.002
LQTY|Liquity|1
MBOX|MOBOX|0.25
MOVR|Moonriver|12
NTRN|Neutron|0.5
PROM|Prom|6
PROS|Prosper|0.4
PUNDIX|Pundi X|0.45
PYR|Vulcan Forged|4
QUICK|QuickSwap|0.05
SANTOS|Santos FC Fan Token|4
SCRT|Secret|0.4
STEEM|Steem|0.25
SUN|Sun Token|0.02
TKO|Tokocrypto|0.35
VIDT|VIDT DAO|0.03
VOXEL|Voxies|0.2
WNXM|Wrapped NXM|60
XNO|Nano|1
ACE|Fusionist|3
AI|Sleepless AI|0.6
ALT|AltLayer|0.15
ARKM|Arkham|1.8
AEVO|Aevo|0.5
BOME|BOOK OF MEME|0.009
DYM|Dymension|2
ETHFI|ether.fi|2.5
JTO|Jito|2.6
MANTA|Manta Network|1
MEME|Memecoin|0.015
NFP|NFPrompt|0.25
OMNI|Omni Network|10
PIXEL|Pixels|0.2
PORTAL|Portal|0.4
SAGA|Saga|1.8
STRK|Starknet|0.6
TNSR|Tensor|0.5
W|Wormhole|0.3
XAI|Xai|0.3
ZK|ZKsync|0.15
ZRO|LayerZero|3.5
IO|io.net|2.5
NOT|Notcoin|0.012
BB|BounceBit|0.3
LISTA|Lista DAO|0.4
REZ|Renzo|0.05
BANANA|Banana Gun|50
DOGS|DOGS|0.0012
HMSTR|Hamster Kombat|0.004
CATI|Catizen|0.4
EIGEN|EigenLayer|3.5
SCR|Scroll|1
NEIRO|Neiro|0.0015
TURBO|Turbo|0.007
POPCAT|Popcat|1.2
MOODENG|Moo Deng|0.15
GOAT|Goatseus Maximus|0.5
PNUT|Peanut the Squirrel|0.6
ACT|Act I The AI Prophecy|0.3
HYPE|Hyperliquid|20
VIRTUAL|Virtuals Protocol|1.5
AIXBT|aixbt|0.3
MOVE|Movement|0.6
ME|Magic Eden|3
PENGU|Pudgy Penguins|0.02
USUAL|Usual|0.5
TRUMP|Official Trump|12
S|Sonic|0.5
BERA|Berachain|5
IP|Story|4
KAITO|Kaito|1.5
LAYER|Solayer|1.5
ANIME|Animecoin|0.03
VANA|Vana|8
BIO|Bio Protocol|0.2
COOKIE|Cookie DAO|0.2
SOLV|Solv Protocol|0.04
ACX|Across Protocol|0.4
ORCA|Orca|3
THE|THENA|0.5
CGPT|ChainGPT|0.15
COW|CoW Protocol|0.5
SAFE|Safe|0.6
DEXE|DeXe|15
NEXO|Nexo|1.2
OKB|OKB|45
LEO|UNUS SED LEO|6
CRO|Cronos|0.09
KCS|KuCoin Token|10
GT|GateToken|9
XDC|XDC Network|0.05
AERO|Aerodrome Finance|1
BRETT|Brett|0.1
MEW|cat in a dogs world|0.006
MOG|Mog Coin|0.0000015
SPX|SPX6900|0.7
FARTCOIN|Fartcoin|0.9
ZETA|ZetaChain|0.6
GRASS|Grass|2
DRIFT|Drift|0.6
ATH|Aethir|0.05
PRIME|Echelon Prime|8
MNT|Mantle|0.8
BGB|Bitget Token|4
FLR|Flare|0.02
AIOZ|AIOZ Network|0.5
AXL|Axelar|0.7
RON|Ronin|1.8
CORE|Core|1
KAIA|Kaia|0.15
XCN|Onyxcoin|0.02
HNT|Helium|5
GLMR|Moonbeam|0.2
OSMO|Osmosis|0.5
MX|MX Token|3
VELO|Velo|0.015
TEL|Telcoin|0.005
BORA|BORA|0.12
PAXG|PAX Gold|2350
WBTC|Wrapped Bitcoin|67000
XAUT|Tether Gold|2350
ARK|Ark|0.5
ERN|Ethernity Chain|2
GHST|Aavegotchi|1
OM|MANTRA|1.5
PHB|Phoenix|1.5
RPL|Rocket Pool|12
SNT|Status|0.03
UTK|xMoney|0.05
WING|Wing Finance|5
XYO|XYO|0.01
CVX|Convex Finance|2.5
NULS|NULS|0.3
ADX|AdEx|0.15
AERGO|Aergo|0.1
AMB|AirDAO|0.008
ARDR|Ardor|0.07
BURGER|BurgerCities|0.4
CHESS|Tranchess|0.15
CITY|Manchester City Fan Token|2
PSG|Paris Saint-Germain Fan Token|2.5
BAR|FC Barcelona Fan Token|1.5
JUV|Juventus Fan Token|1.3
LAZIO|Lazio Fan Token|1
PORTO|FC Porto Fan Token|1.2
ATM|Atletico Madrid Fan Token|1.3
ACM|AC Milan Fan Token|1.3
OG|OG Fan Token|4
ASR|AS Roma Fan Token|1.5
ALPINE|Alpine F1 Team Fan Token|1
GNS|Gains Network|2.5
IQ|IQ|0.005
KMD|Komodo|0.25
LTO|LTO Network|0.1
MLN|Enzyme|15
PIVX|PIVX|0.25
POLS|Polkastarter|0.4
VITE|VITE|0.015
WRX|WazirX|0.1
FUN|FUNToken|0.003
DATA|Streamr|0.04
DF|dForce|0.06
FIS|StaFi|0.4
PEOPLE|ConstitutionDAO|0.05
RARE|SuperRare|0.1
TROY|TROY|0.003
USTC|TerraClassicUSD|0.02
VANRY|Vanar Chain|0.12
LOKA|League of Kingdoms|0.2
BIFI|Beefy|400
CREAM|Cream Finance|15
KP3R|Keep3rV1|60
`;

/** Forex: `PAIR|Name|reference`; the first seven are the majors. */
export const forexLines = `
EURUSD|Euro / US Dollar|1.085
GBPUSD|British Pound / US Dollar|1.27
USDJPY|US Dollar / Japanese Yen|151.5
USDCHF|US Dollar / Swiss Franc|0.9
AUDUSD|Australian Dollar / US Dollar|0.66
USDCAD|US Dollar / Canadian Dollar|1.36
NZDUSD|New Zealand Dollar / US Dollar|0.6
EURGBP|Euro / British Pound|0.855
EURJPY|Euro / Japanese Yen|164.4
GBPJPY|British Pound / Japanese Yen|192.4
EURCHF|Euro / Swiss Franc|0.977
EURAUD|Euro / Australian Dollar|1.645
EURCAD|Euro / Canadian Dollar|1.475
EURNZD|Euro / New Zealand Dollar|1.81
GBPCHF|British Pound / Swiss Franc|1.143
GBPAUD|British Pound / Australian Dollar|1.925
GBPCAD|British Pound / Canadian Dollar|1.727
GBPNZD|British Pound / New Zealand Dollar|2.115
AUDJPY|Australian Dollar / Japanese Yen|100
AUDNZD|Australian Dollar / New Zealand Dollar|1.1
AUDCAD|Australian Dollar / Canadian Dollar|0.897
AUDCHF|Australian Dollar / Swiss Franc|0.594
CADJPY|Canadian Dollar / Japanese Yen|111.4
CHFJPY|Swiss Franc / Japanese Yen|168.3
NZDJPY|New Zealand Dollar / Japanese Yen|90.9
NZDCAD|New Zealand Dollar / Canadian Dollar|0.816
NZDCHF|New Zealand Dollar / Swiss Franc|0.54
CADCHF|Canadian Dollar / Swiss Franc|0.662
USDHKD|US Dollar / Hong Kong Dollar|7.81
USDSGD|US Dollar / Singapore Dollar|1.345
USDCNH|US Dollar / Chinese Yuan (offshore)|7.24
USDMXN|US Dollar / Mexican Peso|17
USDZAR|US Dollar / South African Rand|18.6
USDTRY|US Dollar / Turkish Lira|32.5
USDSEK|US Dollar / Swedish Krona|10.6
USDNOK|US Dollar / Norwegian Krone|10.7
USDPLN|US Dollar / Polish Zloty|4
EURSEK|Euro / Swedish Krona|11.5
`;

/** Stocks and ETFs: `CODE|Name|reference|exchange|etf?`. Exchanges are in `exchanges` in catalogue.ts. */
export const stockLines = `
AAPL|Apple Inc.|190|NYSE
MSFT|Microsoft|420|NYSE
NVDA|NVIDIA|120|NYSE
AMZN|Amazon.com|180|NYSE
GOOGL|Alphabet Class A|170|NYSE
META|Meta Platforms|500|NYSE
TSLA|Tesla|180|NYSE
BRKB|Berkshire Hathaway Class B|410|NYSE
JPM|JPMorgan Chase|200|NYSE
V|Visa|275|NYSE
JNJ|Johnson & Johnson|155|NYSE
WMT|Walmart|65|NYSE
PG|Procter & Gamble|165|NYSE
MA|Mastercard|460|NYSE
XOM|Exxon Mobil|115|NYSE
UNH|UnitedHealth Group|500|NYSE
HD|Home Depot|350|NYSE
KO|Coca-Cola|62|NYSE
PEP|PepsiCo|170|NYSE
COST|Costco|850|NYSE
AVGO|Broadcom|170|NYSE
NFLX|Netflix|650|NYSE
ADBE|Adobe|500|NYSE
CRM|Salesforce|280|NYSE
ORCL|Oracle|140|NYSE
INTC|Intel|30|NYSE
AMD|Advanced Micro Devices|160|NYSE
CSCO|Cisco Systems|48|NYSE
DIS|Walt Disney|100|NYSE
NKE|Nike|90|NYSE
MCD|McDonald's|270|NYSE
BA|Boeing|180|NYSE
IBM|IBM|185|NYSE
GS|Goldman Sachs|470|NYSE
BAC|Bank of America|39|NYSE
PFE|Pfizer|28|NYSE
ABBV|AbbVie|165|NYSE
MRK|Merck & Co.|125|NYSE
T|AT&T|18|NYSE
VZ|Verizon|40|NYSE
CVX|Chevron|155|NYSE
UBER|Uber Technologies|70|NYSE
PYPL|PayPal|65|NYSE
SHOP|Shopify|70|NYSE
SBUX|Starbucks|80|NYSE
COIN|Coinbase Global|230|NYSE
PLTR|Palantir Technologies|25|NYSE
BABA|Alibaba Group (ADR)|80|NYSE
TSM|Taiwan Semiconductor (ADR)|170|NYSE
HSBA|HSBC Holdings|6.9|LSE
SHEL|Shell|27|LSE
AZN|AstraZeneca|120|LSE
BP|BP|4.8|LSE
ULVR|Unilever|45|LSE
SAP|SAP|175|XETRA
SIE|Siemens|175|XETRA
ALV|Allianz|260|XETRA
BMW|BMW|95|XETRA
VOW3|Volkswagen (pref.)|110|XETRA
7203|Toyota Motor|3400|TSE
6758|Sony Group|3300|TSE
9984|SoftBank Group|9000|TSE
6861|Keyence|66000|TSE
0700|Tencent Holdings|380|HKEX
9988|Alibaba Group|80|HKEX
1299|AIA Group|60|HKEX
SPY|SPDR S&P 500 ETF|530|NYSE|etf
QQQ|Invesco QQQ Trust|450|NYSE|etf
IWM|iShares Russell 2000 ETF|205|NYSE|etf
DIA|SPDR Dow Jones Industrial Average ETF|390|NYSE|etf
VOO|Vanguard S&P 500 ETF|490|NYSE|etf
VTI|Vanguard Total Stock Market ETF|260|NYSE|etf
GLD|SPDR Gold Shares|215|NYSE|etf
SLV|iShares Silver Trust|27|NYSE|etf
TLT|iShares 20+ Year Treasury Bond ETF|92|NYSE|etf
EEM|iShares MSCI Emerging Markets ETF|42|NYSE|etf
XLF|Financial Select Sector SPDR|41|NYSE|etf
XLE|Energy Select Sector SPDR|92|NYSE|etf
XLK|Technology Select Sector SPDR|215|NYSE|etf
ARKK|ARK Innovation ETF|45|NYSE|etf
HYG|iShares iBoxx High Yield Corporate Bond ETF|77|NYSE|etf
LQD|iShares iBoxx Investment Grade Corporate Bond ETF|108|NYSE|etf
GDX|VanEck Gold Miners ETF|35|NYSE|etf
EFA|iShares MSCI EAFE ETF|78|NYSE|etf
VNQ|Vanguard Real Estate ETF|85|NYSE|etf
USO|United States Oil Fund|78|NYSE|etf
`;

/** Futures (as the CFD-style names retail brokers use): `CODE|Name|reference|quote|contract size|schedule`. */
export const futuresLines = `
USOIL|WTI Crude Oil|78|USD|1000|CME
UKOIL|Brent Crude Oil|82|USD|1000|CME
NATGAS|Natural Gas|2.5|USD|10000|CME
HEATOIL|Heating Oil|2.5|USD|42000|CME
GASOLINE|RBOB Gasoline|2.5|USD|42000|CME
US500|US 500 (E-mini S&P 500)|5300|USD|50|CME
NAS100|US Tech 100 (E-mini Nasdaq-100)|18800|USD|20|CME
US30|Wall Street 30 (E-mini Dow)|39500|USD|5|CME
US2000|US Small Cap 2000 (E-mini Russell 2000)|2050|USD|50|CME
JP225|Japan 225 (Nikkei, USD)|39000|USD|5|CME
VIX|Volatility Index|15|USD|1000|CME
USTBOND|US 30-Year Treasury Bond|118|USD|1000|CME
USTNOTE|US 10-Year Treasury Note|109|USD|1000|CME
GER40|Germany 40 (DAX)|18500|EUR|25|EUREX
EUSTX50|Euro Stoxx 50|4950|EUR|10|EUREX
CORN|Corn|4.4|USD|5000|CBOT_GRAINS
WHEAT|Wheat|5.9|USD|5000|CBOT_GRAINS
SOYBEAN|Soybeans|11.8|USD|5000|CBOT_GRAINS
`;

/** Metals: `CODE|Name|reference|quote|contract size (oz, lb or t)`. */
export const metalLines = `
XAUUSD|Gold|2350|USD|100
XAGUSD|Silver|28|USD|5000
XPTUSD|Platinum|980|USD|50
XPDUSD|Palladium|1000|USD|100
XCUUSD|Copper|4.5|USD|25000
XALUSD|Aluminium|2500|USD|25
XAUEUR|Gold in Euro|2170|EUR|100
XAGEUR|Silver in Euro|26|EUR|5000
`;

/**
 * Instruments whose price follows another's: a wrapped coin its coin, a gold token one troy ounce of gold
 * (a stablecoin would name `'par'`, one dollar). The simulated walk derives them from the reference's walk
 * with a small basis, inside the band (basis points) their real markets keep; walked apart they drifted
 * 20 % from gold and 4 % from bitcoin (issue 23).
 */
export const pegs: Readonly<Record<string, { reference: string | 'par'; bandBps: number }>> = {
  WBTCUSDT: { reference: 'BTCUSDT', bandBps: 50 },
  PAXGUSDT: { reference: 'XAUUSD', bandBps: 100 },
  XAUTUSDT: { reference: 'XAUUSD', bandBps: 100 },
};
