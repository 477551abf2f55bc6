// First-start smart products: two plans with four and three durations at rates of 0.01 %–0.026 % a day, named
// and explained in plain words in all 11 languages. Seeded only into an empty table, so an operator's later
// edits are never overwritten. Each plan pays no more over its term than borrowing for those days costs with
// any seeded loan (DESIGN.md §1.11, contract product-rates.ts; migration 0030 moved older installs here).
import { count } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { smartProductPlans, smartProducts, type LocalizedText } from './tables.ts';

const descriptions: LocalizedText = {
  en: 'A fixed-term plan at a fixed daily rate, paid by Tradewind from its own funds, like a locked savings product. Your amount is locked for the days you choose, earns the rate shown every day, and comes back to your balance at the end. It is not an investment in trading results and not a deposit guarantee. Leaving early costs the penalty shown before you confirm.',
  ja: 'Tradewind が自己資金から支払う、固定日利の定期プランです。ロックされた積立預金のような商品です。選んだ日数のあいだ金額はロックされ、表示された日利が毎日支払われ、満期に残高へ戻ります。取引成績への投資ではなく、預金保証もありません。途中解約には、確定前に表示される違約金がかかります。',
  ko: 'Tradewind가 자체 자금으로 지급하는 고정 일일 이율의 기간 확정형 플랜으로, 잠긴 적금 상품과 비슷합니다. 선택한 기간 동안 금액이 잠기고, 표시된 이율로 매일 이자를 받으며, 만기에 잔액으로 돌아옵니다. 거래 성과에 대한 투자가 아니며 예금자 보호 대상도 아닙니다. 중도 해지 시 확인 전에 표시되는 위약금이 부과됩니다.',
  de: 'Ein Festgeldplan mit festem Tageszins, den Tradewind aus eigenen Mitteln zahlt – wie ein gesperrtes Sparprodukt. Ihr Betrag ist für die gewählten Tage gebunden, erhält jeden Tag den angezeigten Zins und kommt am Ende auf Ihr Guthaben zurück. Er ist keine Anlage in Handelsergebnisse und keine Einlagensicherung. Ein vorzeitiger Ausstieg kostet die Strafe, die vor der Bestätigung angezeigt wird.',
  fr: 'Un plan à terme fixe avec un taux journalier fixe, payé par Tradewind sur ses fonds propres, comme un produit d’épargne bloquée. Votre montant est bloqué pendant les jours choisis, rapporte chaque jour le taux affiché et revient sur votre solde à la fin. Ce n’est pas un placement dans des résultats de trading ni un dépôt garanti. Une sortie anticipée coûte la pénalité affichée avant votre confirmation.',
  it: 'Un piano a scadenza fissa con un tasso giornaliero fisso, pagato da Tradewind con fondi propri, come un prodotto di risparmio vincolato. L’importo resta vincolato per i giorni scelti, matura ogni giorno il tasso indicato e torna sul saldo alla fine. Non è un investimento nei risultati di trading né un deposito garantito. L’uscita anticipata costa la penale mostrata prima della conferma.',
  es: 'Un plan a plazo fijo con un tipo diario fijo, pagado por Tradewind con fondos propios, como un producto de ahorro bloqueado. Tu importe queda bloqueado los días que elijas, gana cada día el tipo indicado y vuelve a tu saldo al final. No es una inversión en resultados de trading ni un depósito garantizado. Salir antes cuesta la penalización que se muestra antes de confirmar.',
  ar: 'خطة لأجل محدد بمعدل يومي ثابت تدفعه Tradewind من أموالها الخاصة، مثل منتج ادخار مقفل. يُقفل مبلغك طوال الأيام التي تختارها، ويكسب المعدل المعروض كل يوم، ثم يعود إلى رصيدك في النهاية. ليست استثمارًا في نتائج التداول وليست وديعة مضمونة. الخروج المبكر يكلّف الغرامة المعروضة قبل التأكيد.',
  th: 'แผนระยะเวลาคงที่ด้วยอัตรารายวันคงที่ ซึ่ง Tradewind จ่ายจากเงินทุนของตนเอง คล้ายผลิตภัณฑ์เงินออมแบบล็อก จำนวนเงินของคุณจะถูกล็อกตามจำนวนวันที่เลือก ได้รับดอกเบี้ยตามอัตราที่แสดงทุกวัน และคืนสู่ยอดคงเหลือเมื่อครบกำหนด ไม่ใช่การลงทุนในผลการเทรดและไม่ใช่เงินฝากที่ได้รับการคุ้มครอง การถอนก่อนกำหนดมีค่าปรับตามที่แสดงก่อนยืนยัน',
  'zh-TW':
    '由 Tradewind 以自有資金支付、固定日利率的定期方案，類似鎖定的儲蓄產品。您的金額在所選天數內鎖定，每天按顯示的利率計息，到期後回到您的餘額。這不是對交易成果的投資，也不受存款保障。提前退出須支付確認前顯示的違約金。',
  'zh-CN':
    '由 Tradewind 以自有资金支付、固定日利率的定期计划，类似锁定的储蓄产品。您的金额在所选天数内锁定，每天按显示的利率计息，到期后回到您的余额。这不是对交易结果的投资，也不受存款保障。提前退出需支付确认前显示的违约金。',
};

const steadyNames: LocalizedText = {
  en: 'Steady plan',
  ja: 'ステディプラン',
  ko: '스테디 플랜',
  de: 'Stetig-Plan',
  fr: 'Plan Régulier',
  it: 'Piano Costante',
  es: 'Plan Estable',
  ar: 'الخطة الثابتة',
  th: 'แผนมั่นคง',
  'zh-TW': '穩健方案',
  'zh-CN': '稳健计划',
};

const growthNames: LocalizedText = {
  en: 'Growth plan',
  ja: 'グロースプラン',
  ko: '그로스 플랜',
  de: 'Wachstums-Plan',
  fr: 'Plan Croissance',
  it: 'Piano Crescita',
  es: 'Plan Crecimiento',
  ar: 'خطة النمو',
  th: 'แผนเติบโต',
  'zh-TW': '成長方案',
  'zh-CN': '成长计划',
};

/**
 * Daily rates in 1e-8: 10000 is 0.01 % a day. No plan is shorter than 14 days: within a loan's 7 free days
 * borrowing costs nothing, so any rate would pay more than the loan costs.
 */
const seeds = [
  {
    code: 'steady',
    names: steadyNames,
    minAmountMinor: 100_000_000n,
    maxAmountMinor: 50_000_000_000n,
    plans: [
      { days: 14, dailyRateE8: 10_000 },
      { days: 30, dailyRateE8: 15_000 },
      { days: 90, dailyRateE8: 20_000 },
      { days: 180, dailyRateE8: 25_000 },
    ],
  },
  {
    code: 'growth',
    names: growthNames,
    minAmountMinor: 1_000_000_000n,
    maxAmountMinor: 200_000_000_000n,
    plans: [
      { days: 30, dailyRateE8: 20_000 },
      { days: 90, dailyRateE8: 25_000 },
      { days: 180, dailyRateE8: 26_000 },
    ],
  },
];

export async function seedSmartProducts(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(smartProducts);
    if ((existing?.n ?? 0) > 0) return;
    for (const [sort, s] of seeds.entries()) {
      const [product] = await tx
        .insert(smartProducts)
        .values({
          code: s.code,
          names: s.names,
          descriptions,
          minAmountMinor: s.minAmountMinor,
          maxAmountMinor: s.maxAmountMinor,
          // The `smart_early_exit_penalty_pct` default (5 %), disclosed per product.
          earlyExitPenaltyBps: 500,
          enabled: true,
          sort,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: smartProducts.id });
      if (!product) continue;
      await tx.insert(smartProductPlans).values(s.plans.map((p) => ({ productId: product.id, ...p })));
    }
  });
}
