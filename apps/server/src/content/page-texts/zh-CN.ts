// The pages in Simplified Chinese.
import type { PageTexts } from './types.ts';

export const zhCN: PageTexts = {
  about: {
    title: '关于 Tradewind',
    body: '<h2>关于 Tradewind</h2><p>Tradewind 是面向个人投资者的交易与投资平台。价格来自有记录的行情源，每一笔余额变动都是可追溯的复式记账分录。</p>',
    version: '1.0',
    effectiveDate: '2026-12-01',
  },
  terms: {
    title: '服务条款',
    body: '<h2>服务条款</h2><p>开立账户即表示您同意仅为本人账户使用 Tradewind，妥善保管登录信息并提供真实身份信息。平台是您所开每一份合约的交易对手。</p>',
    version: '1.0',
    effectiveDate: '2026-12-01',
  },
  privacy: {
    title: '隐私政策',
    body: '<h2>隐私政策</h2><p>我们只保存运营账户所需的数据：用于认证的身份证件、交易记录和登录会话。我们绝不出售个人数据。</p>',
    version: '1.0',
    effectiveDate: '2026-12-01',
  },
  aml: {
    title: '反洗钱政策',
    body: '<h2>反洗钱政策</h2><p>提现和贷款需要完成实名认证。充值在入账前经过审核，异常活动将依法报告。</p>',
    version: '1.0',
    effectiveDate: '2026-12-01',
  },
  risk: {
    title: '风险披露',
    body: '<h2>风险披露</h2><p>杠杆合约存在快速亏损的高风险。单笔合约的亏损不会超过您投入的保证金，保证金水平降至 50% 时仓位将被平仓。</p>',
    version: '1.0',
    effectiveDate: '2026-12-01',
  },
  'simulated-data': {
    title: '模拟行情说明',
    body: '<h2>模拟行情说明</h2><p>除非标注为实时行情，价格均来自用于演示的模拟行情源，并在显示处明确标注。</p>',
    version: '1.0',
    effectiveDate: '2026-12-01',
  },
};
