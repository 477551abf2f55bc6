// First-start content: company, policy and statement pages, FAQ and a notice, in both language groups.
// Seeded only into an empty table, so edits made later are never overwritten. No contact page: an address
// or chat that is not really there must not reach a customer (the support issue brings the inbox).
import { count } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { setParam } from '../settings/service.ts';
import { contents } from './tables.ts';

type Page = { type: number; title: string; body: string };

const english: Page[] = [
  {
    type: 1,
    title: 'About Tradewind',
    body: '<h2>About Tradewind</h2><p>Tradewind is a retail trading and investment platform. Prices come from a recorded market feed; every balance change is a double-entry ledger entry you can trace in your records.</p>',
  },
  {
    type: 2,
    title: 'Terms of service',
    body: '<h2>Terms of service</h2><p>By opening an account you agree to use Tradewind for your own account only, to keep your login details secret and to provide true identity information. The platform is the counterparty to every contract you open.</p>',
  },
  {
    type: 2,
    title: 'Privacy policy',
    body: '<h2>Privacy policy</h2><p>We keep the data needed to run your account: identity documents for verification, your transactions and your login sessions. We never sell personal data. You may ask for a copy or for deletion where the law allows.</p>',
  },
  {
    type: 2,
    title: 'Anti-money-laundering policy',
    body: '<h2>Anti-money-laundering policy</h2><p>Withdrawals and loans require a verified identity. Deposits are reviewed before they are credited, and unusual activity is reported as the law requires.</p>',
  },
  {
    type: 3,
    title: 'Risk disclosure',
    body: '<h2>Risk disclosure</h2><p>Leveraged contracts carry a high risk of losing money quickly. Your loss on a contract never exceeds the margin you put up, and a position is closed when its margin level falls to 50%. Only trade with money you can afford to lose.</p>',
  },
  {
    type: 3,
    title: 'Simulated market data',
    body: '<h2>Simulated market data</h2><p>Unless a market is marked live, its prices come from a simulated feed for demonstration. Simulated prices are labelled as such wherever they appear.</p>',
  },
  {
    type: 4,
    title: 'How do I switch between the demo and the real account?',
    body: '<p>Use the demo/real switch in the account area or the top bar. The demo book starts with 100,000 virtual USDT and can be reset at any time; it never mixes with real money.</p>',
  },
  {
    type: 4,
    title: 'How long does identity verification take?',
    body: '<p>Our compliance team reviews submissions within 48 hours. You will get a notification with the result.</p>',
  },
  {
    type: 4,
    title: 'What does a withdrawal cost?',
    body: '<p>The withdrawal fee rate is shown before you confirm, together with the fee and the net amount you will receive.</p>',
  },
  {
    type: 5,
    title: 'Welcome to Tradewind',
    body: '<h2>Welcome to Tradewind</h2><p>Every new account gets a demo book with 100,000 virtual USDT to practise with. Market data is simulated until live feeds are switched on.</p>',
  },
];

const chinese: Page[] = [
  {
    type: 1,
    title: '关于 Tradewind',
    body: '<h2>关于 Tradewind</h2><p>Tradewind 是面向个人投资者的交易与投资平台。价格来自有记录的行情源，每一笔余额变动都是可追溯的复式记账分录。</p>',
  },
  {
    type: 2,
    title: '服务条款',
    body: '<h2>服务条款</h2><p>开立账户即表示您同意仅为本人账户使用 Tradewind，妥善保管登录信息并提供真实身份信息。平台是您所开每一份合约的交易对手。</p>',
  },
  {
    type: 2,
    title: '隐私政策',
    body: '<h2>隐私政策</h2><p>我们只保存运营账户所需的数据：用于认证的身份证件、交易记录和登录会话。我们绝不出售个人数据。</p>',
  },
  {
    type: 2,
    title: '反洗钱政策',
    body: '<h2>反洗钱政策</h2><p>提现和贷款需要完成实名认证。充值在入账前经过审核，异常活动将依法报告。</p>',
  },
  {
    type: 3,
    title: '风险披露',
    body: '<h2>风险披露</h2><p>杠杆合约存在快速亏损的高风险。单笔合约的亏损不会超过您投入的保证金，保证金水平降至 50% 时仓位将被平仓。</p>',
  },
  {
    type: 3,
    title: '模拟行情说明',
    body: '<h2>模拟行情说明</h2><p>除非标注为实时行情，价格均来自用于演示的模拟行情源，并在显示处明确标注。</p>',
  },
  {
    type: 4,
    title: '如何切换模拟账户和真实账户？',
    body: '<p>在账户页面或顶部栏使用模拟/真实切换。模拟账户初始有 100,000 虚拟 USDT，可随时重置，与真实资金完全隔离。</p>',
  },
  {
    type: 4,
    title: '实名认证需要多久？',
    body: '<p>合规团队会在 48 小时内完成审核，结果将通过通知告知您。</p>',
  },
  {
    type: 5,
    title: '欢迎来到 Tradewind',
    body: '<h2>欢迎来到 Tradewind</h2><p>每个新账户都有 100,000 虚拟 USDT 的模拟账户用于练习。在接入实时行情之前，行情数据为模拟数据。</p>',
  },
];

export async function seedContent(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(contents);
  if ((existing?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    const rows = [
      ...english.map((p, i) => ({ ...p, langGroup: 2, sort: i, updatedAt: now })),
      ...chinese.map((p, i) => ({ ...p, langGroup: 1, sort: i, updatedAt: now })),
    ];
    const inserted = await tx
      .insert(contents)
      .values(rows)
      .returning({ id: contents.id, type: contents.type, langGroup: contents.langGroup });
    const notice = inserted.find((r) => r.type === 5 && r.langGroup === 2);
    // The home announcement points at the welcome notice just created (settings seeded it empty).
    if (notice) await setParam(tx, 'notice_content_id', String(notice.id), now);
  });
}
