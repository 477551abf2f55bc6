// The loan agreement's text in the 11 languages (issue 10 "Loans"): what the PDF of agreement.ts says.
// Kept beside the code that lays it out rather than in the shared catalogues: it is a legal document of
// the loans domain, read only here, and its sentences change with the loan's rules, not with the UI.
// `{{name}}` placeholders are filled by agreement.ts; every language has the same keys and placeholders
// (agreement.test.ts checks it).
import type { Locale } from '../platform/i18n.ts';

export type AgreementText = {
  title: string;
  issued: string;
  partiesHeading: string;
  lender: string;
  borrower: string;
  termsHeading: string;
  amount: string;
  term: string;
  freeDays: string;
  dailyRate: string;
  interestDays: string;
  interest: string;
  repayAmount: string;
  repayDate: string;
  lateRate: string;
  formula: string;
  disbursementHeading: string;
  disbursement: string;
  repaymentHeading: string;
  repayment: string;
  lateHeading: string;
  late: string;
  governingHeading: string;
  governing: string;
  signatureHeading: string;
  signedAt: string;
};

export const agreementTexts: Record<Locale, AgreementText> = {
  en: {
    title: 'Loan agreement',
    issued: 'Issued on {{date}} for {{product}}',
    partiesHeading: '1. Parties',
    lender: 'Lender: Tradewind, the platform operator, which lends from its own funds.',
    borrower: 'Borrower: {{name}} (account {{userName}}, customer no. {{userId}}).',
    termsHeading: '2. Terms of the loan',
    amount: 'Loan amount: {{amount}} USDT',
    term: 'Term: {{termDays}} days',
    freeDays: 'Interest-free days: {{freeDays}}',
    dailyRate: 'Daily interest rate: {{dailyRate}} % a day',
    interestDays: 'Days that bear interest: {{interestDays}}',
    interest: 'Total interest: {{interest}} USDT',
    repayAmount: 'Repayment amount: {{repayAmount}} USDT',
    repayDate:
      'Repayment date: {{termDays}} days after the loan is approved and paid out (if approved today: {{repayDate}}).',
    lateRate: 'Late cost: {{lateRate}} % of the unpaid principal a day after the repayment date',
    formula: 'Interest = loan amount × daily rate × (term − interest-free days), rounded to 0.000001 USDT.',
    disbursementHeading: '3. Payment of the loan',
    disbursement:
      "The loan is paid into the Borrower's real account when Tradewind approves the application. Until then nothing is owed, and a rejected application costs nothing.",
    repaymentHeading: '4. Repayment',
    repayment:
      "The Borrower may repay everything owed at any time from the real account's balance; repaying early does not reduce the interest. On the repayment date, and on every day after it until the loan is repaid, Tradewind takes what the real account's cash holds towards what is owed: interest and late cost first, then principal.",
    lateHeading: '5. Late repayment',
    late: 'If anything is still owed after the repayment date, the loan is overdue. For each whole day it stays overdue, a late cost of {{lateRate}} % of the principal still unpaid that day is added to what is owed; no cost is charged on a cost. While the loan is overdue the Borrower cannot withdraw, trade in the real account, buy smart plans, bid or take a new loan, and Tradewind may recover the amount due as the law allows.',
    governingHeading: '6. Governing terms',
    governing:
      "This agreement is governed by Tradewind's terms of service and policies in force when it is signed. By signing, the Borrower confirms having read this agreement, including the interest and the repayment date. The signed copy is kept by Tradewind and can be downloaded from My loans.",
    signatureHeading: "Borrower's signature",
    signedAt: 'Signed electronically on {{date}}',
  },
  ja: {
    title: 'ローン契約書',
    issued: '{{date}} 発行・{{product}}',
    partiesHeading: '1. 当事者',
    lender: '貸主：Tradewind（プラットフォーム運営者。自己資金から貸し付けます）。',
    borrower: '借主：{{name}}（アカウント {{userName}}、顧客番号 {{userId}}）。',
    termsHeading: '2. 貸付条件',
    amount: '借入金額：{{amount}} USDT',
    term: '期間：{{termDays}} 日',
    freeDays: '無利息日数：{{freeDays}} 日',
    dailyRate: '日利：1 日あたり {{dailyRate}} %',
    interestDays: '利息が発生する日数：{{interestDays}} 日',
    interest: '利息合計：{{interest}} USDT',
    repayAmount: '返済額：{{repayAmount}} USDT',
    repayDate: '返済期日：ローンの承認・実行から {{termDays}} 日後（本日承認の場合：{{repayDate}}）。',
    lateRate: '延滞コスト：返済期日後、未返済元本の1日あたり {{lateRate}} %',
    formula: '利息 = 借入金額 × 日利 ×（期間 − 無利息日数）、0.000001 USDT 単位に丸めます。',
    disbursementHeading: '3. 貸付の実行',
    disbursement:
      'Tradewind が申込みを承認した時点で、ローンは借主のリアル口座に入金されます。それまで借主に債務は生じず、否認された申込みに費用はかかりません。',
    repaymentHeading: '4. 返済',
    repayment:
      '借主はいつでもリアル口座の残高から全額を返済できます。期日前に返済しても利息は減額されません。返済期日およびその後完済まで毎日、Tradewind はリアル口座の現金から返済額に充当します（利息と延滞コストを先に、その後元本に充当）。',
    lateHeading: '5. 返済の遅延',
    late: '返済期日を過ぎても未返済額が残る場合、ローンは延滞となります。延滞が続く1日ごとに、その日の未返済元本の {{lateRate}} % が延滞コストとして返済額に加算されます（延滞コストには延滞コストはかかりません）。延滞中、借主は出金、リアル口座での取引、スマートプランの購入、入札、新たな借入ができず、Tradewind は法律の認める範囲で債権を回収することがあります。',
    governingHeading: '6. 準拠する規約',
    governing:
      '本契約は、署名時点で有効な Tradewind の利用規約および各種ポリシーに従います。借主は署名により、利息と返済期日を含む本契約を読んだことを確認します。署名済みの写しは Tradewind が保管し、「マイローン」からダウンロードできます。',
    signatureHeading: '借主の署名',
    signedAt: '{{date}} に電子署名',
  },
  ko: {
    title: '대출 계약서',
    issued: '{{date}} 발행 · {{product}}',
    partiesHeading: '1. 당사자',
    lender: '대주: Tradewind(플랫폼 운영자, 자기 자금으로 대출합니다).',
    borrower: '차주: {{name}}(계정 {{userName}}, 고객 번호 {{userId}}).',
    termsHeading: '2. 대출 조건',
    amount: '대출 금액: {{amount}} USDT',
    term: '기간: {{termDays}}일',
    freeDays: '무이자 기간: {{freeDays}}일',
    dailyRate: '일 이자율: 하루 {{dailyRate}} %',
    interestDays: '이자가 발생하는 일수: {{interestDays}}일',
    interest: '총 이자: {{interest}} USDT',
    repayAmount: '상환 금액: {{repayAmount}} USDT',
    repayDate: '상환일: 대출이 승인되어 지급된 날로부터 {{termDays}}일 후(오늘 승인 시: {{repayDate}}).',
    lateRate: '연체 비용: 상환일 이후 미상환 원금의 하루 {{lateRate}} %',
    formula: '이자 = 대출 금액 × 일 이자율 × (기간 − 무이자 기간), 0.000001 USDT 단위로 반올림합니다.',
    disbursementHeading: '3. 대출금 지급',
    disbursement:
      'Tradewind가 신청을 승인하면 대출금이 차주의 실계정으로 지급됩니다. 그 전까지 차주는 아무런 채무를 지지 않으며, 거절된 신청에는 비용이 들지 않습니다.',
    repaymentHeading: '4. 상환',
    repayment:
      '차주는 언제든지 실계정 잔액에서 갚을 금액 전부를 상환할 수 있습니다. 조기 상환해도 이자는 줄어들지 않습니다. 상환일과 그 이후 완제될 때까지 매일, Tradewind는 실계정 현금에서 갚을 금액에 충당합니다(이자와 연체 비용 먼저, 그다음 원금).',
    lateHeading: '5. 연체',
    late: '상환일이 지나도 갚을 금액이 남아 있으면 대출은 연체 상태가 됩니다. 연체가 이어지는 하루마다 그날 미상환 원금의 {{lateRate}} %가 연체 비용으로 갚을 금액에 더해집니다(연체 비용에는 연체 비용이 붙지 않습니다). 연체 중에는 출금, 실계정 거래, 스마트 플랜 구매, 입찰, 새 대출이 불가하며 Tradewind는 법이 허용하는 범위에서 채권을 회수할 수 있습니다.',
    governingHeading: '6. 준거 약관',
    governing:
      '본 계약은 서명 시점에 유효한 Tradewind 이용약관과 정책을 따릅니다. 차주는 서명함으로써 이자와 상환일을 포함한 본 계약을 읽었음을 확인합니다. 서명본은 Tradewind가 보관하며 내 대출에서 내려받을 수 있습니다.',
    signatureHeading: '차주 서명',
    signedAt: '{{date}}에 전자 서명함',
  },
  de: {
    title: 'Darlehensvertrag',
    issued: 'Ausgestellt am {{date}} für {{product}}',
    partiesHeading: '1. Vertragsparteien',
    lender: 'Darlehensgeber: Tradewind, der Betreiber der Plattform, der aus eigenen Mitteln verleiht.',
    borrower: 'Darlehensnehmer: {{name}} (Konto {{userName}}, Kundennummer {{userId}}).',
    termsHeading: '2. Darlehensbedingungen',
    amount: 'Darlehensbetrag: {{amount}} USDT',
    term: 'Laufzeit: {{termDays}} Tage',
    freeDays: 'Zinsfreie Tage: {{freeDays}}',
    dailyRate: 'Tageszinssatz: {{dailyRate}} % pro Tag',
    interestDays: 'Verzinste Tage: {{interestDays}}',
    interest: 'Zinsen insgesamt: {{interest}} USDT',
    repayAmount: 'Rückzahlungsbetrag: {{repayAmount}} USDT',
    repayDate:
      'Rückzahlungstermin: {{termDays}} Tage nach Genehmigung und Auszahlung des Darlehens (bei Genehmigung heute: {{repayDate}}).',
    lateRate:
      'Verzugskosten: {{lateRate}} % des offenen Darlehensbetrags pro Tag nach dem Rückzahlungstermin',
    formula:
      'Zinsen = Darlehensbetrag × Tageszinssatz × (Laufzeit − zinsfreie Tage), gerundet auf 0.000001 USDT.',
    disbursementHeading: '3. Auszahlung',
    disbursement:
      'Das Darlehen wird dem Echtgeldkonto des Darlehensnehmers gutgeschrieben, sobald Tradewind den Antrag genehmigt. Bis dahin wird nichts geschuldet, und ein abgelehnter Antrag kostet nichts.',
    repaymentHeading: '4. Rückzahlung',
    repayment:
      'Der Darlehensnehmer kann das Geschuldete jederzeit vollständig aus dem Guthaben des Echtgeldkontos zurückzahlen; eine vorzeitige Rückzahlung verringert die Zinsen nicht. Am Rückzahlungstermin und an jedem Tag danach bis zur vollständigen Rückzahlung verwendet Tradewind das Guthaben des Echtgeldkontos für das Geschuldete: zuerst für Zinsen und Verzugskosten, dann für den Darlehensbetrag.',
    lateHeading: '5. Verspätete Rückzahlung',
    late: 'Ist nach dem Rückzahlungstermin noch etwas geschuldet, ist das Darlehen überfällig. Für jeden vollen Tag des Verzugs werden dem Geschuldeten Verzugskosten von {{lateRate}} % des an diesem Tag noch offenen Darlehensbetrags hinzugefügt; auf Kosten fallen keine Kosten an. Solange das Darlehen überfällig ist, kann der Darlehensnehmer nicht auszahlen, im Echtgeldkonto handeln, Smart-Pläne kaufen, bieten oder ein neues Darlehen aufnehmen, und Tradewind kann den geschuldeten Betrag im gesetzlich zulässigen Rahmen einfordern.',
    governingHeading: '6. Maßgebliche Bedingungen',
    governing:
      'Für diesen Vertrag gelten die bei Unterzeichnung gültigen Nutzungsbedingungen und Richtlinien von Tradewind. Mit der Unterschrift bestätigt der Darlehensnehmer, diesen Vertrag einschließlich Zinsen und Rückzahlungstermin gelesen zu haben. Die unterschriebene Ausfertigung wird von Tradewind aufbewahrt und kann unter Meine Darlehen heruntergeladen werden.',
    signatureHeading: 'Unterschrift des Darlehensnehmers',
    signedAt: 'Elektronisch unterschrieben am {{date}}',
  },
  fr: {
    title: 'Contrat de prêt',
    issued: 'Émis le {{date}} pour {{product}}',
    partiesHeading: '1. Parties',
    lender: 'Prêteur : Tradewind, l’exploitant de la plateforme, qui prête sur ses fonds propres.',
    borrower: 'Emprunteur : {{name}} (compte {{userName}}, client n° {{userId}}).',
    termsHeading: '2. Conditions du prêt',
    amount: 'Montant du prêt : {{amount}} USDT',
    term: 'Durée : {{termDays}} jours',
    freeDays: 'Jours sans intérêts : {{freeDays}}',
    dailyRate: 'Taux journalier : {{dailyRate}} % par jour',
    interestDays: 'Jours portant intérêts : {{interestDays}}',
    interest: 'Intérêts totaux : {{interest}} USDT',
    repayAmount: 'Montant à rembourser : {{repayAmount}} USDT',
    repayDate:
      'Date de remboursement : {{termDays}} jours après l’approbation et le versement du prêt (si approuvé aujourd’hui : {{repayDate}}).',
    lateRate: 'Coût de retard : {{lateRate}} % du capital restant dû par jour après la date de remboursement',
    formula:
      'Intérêts = montant du prêt × taux journalier × (durée − jours sans intérêts), arrondis à 0.000001 USDT.',
    disbursementHeading: '3. Versement du prêt',
    disbursement:
      'Le prêt est versé sur le compte réel de l’Emprunteur lorsque Tradewind approuve la demande. Jusque-là rien n’est dû, et une demande refusée ne coûte rien.',
    repaymentHeading: '4. Remboursement',
    repayment:
      'L’Emprunteur peut rembourser tout ce qui est dû à tout moment depuis le solde du compte réel ; un remboursement anticipé ne réduit pas les intérêts. À la date de remboursement, puis chaque jour jusqu’au remboursement complet, Tradewind prélève les liquidités du compte réel sur ce qui est dû : d’abord les intérêts et le coût de retard, puis le capital.',
    lateHeading: '5. Retard de remboursement',
    late: 'Si une somme reste due après la date de remboursement, le prêt est en retard. Pour chaque jour entier de retard, un coût de {{lateRate}} % du capital encore dû ce jour-là s’ajoute à ce qui est dû ; aucun coût n’est calculé sur un coût. Tant que le prêt est en retard, l’Emprunteur ne peut ni retirer, ni trader sur le compte réel, ni acheter de plan intelligent, ni enchérir, ni obtenir un nouveau prêt, et Tradewind peut recouvrer la somme due dans les limites de la loi.',
    governingHeading: '6. Conditions applicables',
    governing:
      'Ce contrat est régi par les conditions d’utilisation et les politiques de Tradewind en vigueur à la signature. En signant, l’Emprunteur confirme avoir lu ce contrat, y compris les intérêts et la date de remboursement. L’exemplaire signé est conservé par Tradewind et peut être téléchargé depuis Mes prêts.',
    signatureHeading: 'Signature de l’Emprunteur',
    signedAt: 'Signé électroniquement le {{date}}',
  },
  it: {
    title: 'Contratto di prestito',
    issued: 'Emesso il {{date}} per {{product}}',
    partiesHeading: '1. Parti',
    lender: 'Finanziatore: Tradewind, il gestore della piattaforma, che presta con fondi propri.',
    borrower: 'Mutuatario: {{name}} (conto {{userName}}, cliente n. {{userId}}).',
    termsHeading: '2. Condizioni del prestito',
    amount: 'Importo del prestito: {{amount}} USDT',
    term: 'Durata: {{termDays}} giorni',
    freeDays: 'Giorni senza interessi: {{freeDays}}',
    dailyRate: 'Tasso giornaliero: {{dailyRate}} % al giorno',
    interestDays: 'Giorni che maturano interessi: {{interestDays}}',
    interest: 'Interessi totali: {{interest}} USDT',
    repayAmount: 'Importo da rimborsare: {{repayAmount}} USDT',
    repayDate:
      'Data di rimborso: {{termDays}} giorni dopo l’approvazione e l’erogazione del prestito (se approvato oggi: {{repayDate}}).',
    lateRate:
      'Costo del ritardo: {{lateRate}} % del capitale non rimborsato al giorno dopo la data di rimborso',
    formula:
      'Interessi = importo del prestito × tasso giornaliero × (durata − giorni senza interessi), arrotondati a 0.000001 USDT.',
    disbursementHeading: '3. Erogazione del prestito',
    disbursement:
      'Il prestito viene accreditato sul conto reale del Mutuatario quando Tradewind approva la richiesta. Fino ad allora non è dovuto nulla e una richiesta respinta non costa nulla.',
    repaymentHeading: '4. Rimborso',
    repayment:
      'Il Mutuatario può rimborsare tutto il dovuto in qualsiasi momento dal saldo del conto reale; il rimborso anticipato non riduce gli interessi. Alla data di rimborso, e ogni giorno successivo fino al rimborso completo, Tradewind preleva la liquidità del conto reale per il dovuto: prima interessi e costo del ritardo, poi capitale.',
    lateHeading: '5. Ritardo nel rimborso',
    late: 'Se dopo la data di rimborso resta qualcosa da pagare, il prestito è scaduto. Per ogni giorno intero di ritardo si aggiunge al dovuto un costo pari al {{lateRate}} % del capitale ancora non rimborsato quel giorno; non si applicano costi sui costi. Finché il prestito è scaduto il Mutuatario non può prelevare, fare trading nel conto reale, acquistare piani smart, fare offerte o ottenere un nuovo prestito, e Tradewind può recuperare la somma dovuta nei limiti di legge.',
    governingHeading: '6. Condizioni applicabili',
    governing:
      'Il presente contratto è regolato dai termini di servizio e dalle politiche di Tradewind in vigore al momento della firma. Firmando, il Mutuatario conferma di aver letto il contratto, compresi gli interessi e la data di rimborso. La copia firmata è conservata da Tradewind e può essere scaricata da I miei prestiti.',
    signatureHeading: 'Firma del Mutuatario',
    signedAt: 'Firmato elettronicamente il {{date}}',
  },
  es: {
    title: 'Contrato de préstamo',
    issued: 'Emitido el {{date}} para {{product}}',
    partiesHeading: '1. Partes',
    lender: 'Prestamista: Tradewind, el operador de la plataforma, que presta con fondos propios.',
    borrower: 'Prestatario: {{name}} (cuenta {{userName}}, cliente n.º {{userId}}).',
    termsHeading: '2. Condiciones del préstamo',
    amount: 'Importe del préstamo: {{amount}} USDT',
    term: 'Plazo: {{termDays}} días',
    freeDays: 'Días sin intereses: {{freeDays}}',
    dailyRate: 'Tipo de interés diario: {{dailyRate}} % al día',
    interestDays: 'Días que devengan intereses: {{interestDays}}',
    interest: 'Intereses totales: {{interest}} USDT',
    repayAmount: 'Importe a devolver: {{repayAmount}} USDT',
    repayDate:
      'Fecha de devolución: {{termDays}} días después de que el préstamo se apruebe y se abone (si se aprueba hoy: {{repayDate}}).',
    lateRate:
      'Coste por retraso: {{lateRate}} % del capital pendiente al día después de la fecha de devolución',
    formula:
      'Intereses = importe del préstamo × tipo diario × (plazo − días sin intereses), redondeados a 0.000001 USDT.',
    disbursementHeading: '3. Abono del préstamo',
    disbursement:
      'El préstamo se abona en la cuenta real del Prestatario cuando Tradewind aprueba la solicitud. Hasta entonces no se debe nada, y una solicitud rechazada no cuesta nada.',
    repaymentHeading: '4. Devolución',
    repayment:
      'El Prestatario puede devolver todo lo adeudado en cualquier momento con el saldo de la cuenta real; devolverlo antes no reduce los intereses. En la fecha de devolución, y cada día posterior hasta que se devuelva por completo, Tradewind toma el efectivo de la cuenta real para lo adeudado: primero intereses y coste por retraso, después el capital.',
    lateHeading: '5. Retraso en la devolución',
    late: 'Si después de la fecha de devolución aún se debe algo, el préstamo está vencido. Por cada día completo de retraso se suma a lo adeudado un coste del {{lateRate}} % del capital aún pendiente ese día; no se cobra coste sobre coste. Mientras el préstamo esté vencido, el Prestatario no puede retirar, operar en la cuenta real, comprar planes inteligentes, pujar ni obtener un nuevo préstamo, y Tradewind puede reclamar la cantidad adeudada en la medida que permita la ley.',
    governingHeading: '6. Condiciones aplicables',
    governing:
      'Este contrato se rige por las condiciones de uso y las políticas de Tradewind vigentes en el momento de la firma. Al firmar, el Prestatario confirma haber leído este contrato, incluidos los intereses y la fecha de devolución. Tradewind conserva la copia firmada, que puede descargarse en Mis préstamos.',
    signatureHeading: 'Firma del Prestatario',
    signedAt: 'Firmado electrónicamente el {{date}}',
  },
  ar: {
    title: 'اتفاقية قرض',
    issued: 'صدرت في {{date}} للمنتج {{product}}',
    partiesHeading: '1. الأطراف',
    lender: 'المُقرِض: Tradewind، مشغّل المنصة، ويُقرض من أمواله الخاصة.',
    borrower: 'المقترض: {{name}} (الحساب {{userName}}، رقم العميل {{userId}}).',
    termsHeading: '2. شروط القرض',
    amount: 'مبلغ القرض: {{amount}} USDT',
    term: 'المدة: {{termDays}} يومًا',
    freeDays: 'أيام بلا فائدة: {{freeDays}}',
    dailyRate: 'معدل الفائدة اليومي: {{dailyRate}} % في اليوم',
    interestDays: 'الأيام التي تُحتسب عليها الفائدة: {{interestDays}}',
    interest: 'إجمالي الفائدة: {{interest}} USDT',
    repayAmount: 'مبلغ السداد: {{repayAmount}} USDT',
    repayDate:
      'تاريخ السداد: بعد {{termDays}} يومًا من الموافقة على القرض وصرفه (إذا تمت الموافقة اليوم: {{repayDate}}).',
    lateRate: 'تكلفة التأخير: {{lateRate}} % من الأصل غير المسدد يوميًا بعد تاريخ السداد',
    formula: 'الفائدة = مبلغ القرض × المعدل اليومي × (المدة − أيام بلا فائدة)، مقرّبة إلى 0.000001 USDT.',
    disbursementHeading: '3. صرف القرض',
    disbursement:
      'يُصرف القرض إلى الحساب الحقيقي للمقترض عندما توافق Tradewind على الطلب. وحتى ذلك الحين لا يترتب أي دين، ولا يكلّف الطلب المرفوض شيئًا.',
    repaymentHeading: '4. السداد',
    repayment:
      'يجوز للمقترض سداد كل المستحق في أي وقت من رصيد الحساب الحقيقي، والسداد المبكر لا يخفّض الفائدة. في تاريخ السداد، وفي كل يوم بعده حتى يُسدَّد القرض، تخصم Tradewind النقد المتاح في الحساب الحقيقي من المستحق: الفائدة وتكلفة التأخير أولًا ثم الأصل.',
    lateHeading: '5. التأخر في السداد',
    late: 'إذا بقي أي مبلغ مستحق بعد تاريخ السداد يصبح القرض متأخرًا. عن كل يوم كامل من التأخير تُضاف إلى المستحق تكلفة قدرها {{lateRate}} % من الأصل غير المسدد في ذلك اليوم، ولا تُحتسب تكلفة على تكلفة. وطوال فترة التأخير لا يمكن للمقترض السحب أو التداول في الحساب الحقيقي أو شراء الخطط الذكية أو المزايدة أو الحصول على قرض جديد، ويجوز لـ Tradewind تحصيل المبلغ المستحق في حدود ما يسمح به القانون.',
    governingHeading: '6. الشروط الحاكمة',
    governing:
      'تخضع هذه الاتفاقية لشروط خدمة Tradewind وسياساتها السارية وقت التوقيع. وبالتوقيع يؤكد المقترض أنه قرأ هذه الاتفاقية بما فيها الفائدة وتاريخ السداد. تحتفظ Tradewind بالنسخة الموقّعة، ويمكن تنزيلها من قروضي.',
    signatureHeading: 'توقيع المقترض',
    signedAt: 'وُقّعت إلكترونيًا في {{date}}',
  },
  th: {
    title: 'สัญญากู้ยืมเงิน',
    issued: 'ออกเมื่อ {{date}} สำหรับ {{product}}',
    partiesHeading: '1. คู่สัญญา',
    lender: 'ผู้ให้กู้: Tradewind ผู้ให้บริการแพลตฟอร์ม ซึ่งให้กู้จากเงินทุนของตนเอง',
    borrower: 'ผู้กู้: {{name}} (บัญชี {{userName}} หมายเลขลูกค้า {{userId}})',
    termsHeading: '2. เงื่อนไขเงินกู้',
    amount: 'จำนวนเงินกู้: {{amount}} USDT',
    term: 'ระยะเวลา: {{termDays}} วัน',
    freeDays: 'จำนวนวันปลอดดอกเบี้ย: {{freeDays}} วัน',
    dailyRate: 'อัตราดอกเบี้ยรายวัน: {{dailyRate}} % ต่อวัน',
    interestDays: 'จำนวนวันที่คิดดอกเบี้ย: {{interestDays}} วัน',
    interest: 'ดอกเบี้ยรวม: {{interest}} USDT',
    repayAmount: 'ยอดชำระคืน: {{repayAmount}} USDT',
    repayDate: 'วันครบกำหนดชำระ: {{termDays}} วันหลังจากอนุมัติและจ่ายเงินกู้ (หากอนุมัติวันนี้: {{repayDate}})',
    lateRate: 'ค่าชำระล่าช้า: {{lateRate}} % ของเงินต้นคงค้างต่อวันหลังวันครบกำหนดชำระ',
    formula: 'ดอกเบี้ย = จำนวนเงินกู้ × อัตรารายวัน × (ระยะเวลา − วันปลอดดอกเบี้ย) ปัดเศษเป็นหน่วย 0.000001 USDT',
    disbursementHeading: '3. การจ่ายเงินกู้',
    disbursement:
      'เงินกู้จะโอนเข้าบัญชีจริงของผู้กู้เมื่อ Tradewind อนุมัติคำขอ ก่อนหน้านั้นผู้กู้ไม่มีหนี้ใด ๆ และคำขอที่ถูกปฏิเสธไม่มีค่าใช้จ่าย',
    repaymentHeading: '4. การชำระคืน',
    repayment:
      'ผู้กู้ชำระยอดค้างทั้งหมดจากยอดเงินในบัญชีจริงได้ทุกเมื่อ การชำระก่อนกำหนดไม่ทำให้ดอกเบี้ยลดลง ในวันครบกำหนดชำระและทุกวันหลังจากนั้นจนกว่าจะชำระครบ Tradewind จะหักเงินสดในบัญชีจริงเพื่อชำระยอดค้าง โดยหักดอกเบี้ยและค่าชำระล่าช้าก่อน แล้วจึงหักเงินต้น',
    lateHeading: '5. การชำระล่าช้า',
    late: 'หากยังมียอดค้างหลังวันครบกำหนดชำระ เงินกู้จะเป็นหนี้ค้างชำระ ทุกวันเต็มที่ค้างชำระจะมีค่าชำระล่าช้า {{lateRate}} % ของเงินต้นที่ยังค้างในวันนั้นเพิ่มเข้าไปในยอดค้าง โดยไม่คิดค่าใช้จ่ายซ้อนบนค่าใช้จ่าย ระหว่างค้างชำระ ผู้กู้จะถอนเงิน เทรดในบัญชีจริง ซื้อแผนอัจฉริยะ ประมูล หรือกู้ใหม่ไม่ได้ และ Tradewind อาจเรียกเก็บหนี้ตามที่กฎหมายอนุญาต',
    governingHeading: '6. ข้อกำหนดที่ใช้บังคับ',
    governing:
      'สัญญานี้อยู่ภายใต้ข้อกำหนดการให้บริการและนโยบายของ Tradewind ที่มีผลในวันที่ลงนาม การลงนามถือว่าผู้กู้ยืนยันว่าได้อ่านสัญญานี้แล้ว รวมถึงดอกเบี้ยและวันครบกำหนดชำระ Tradewind เก็บสำเนาที่ลงนามแล้วไว้ และดาวน์โหลดได้จากเงินกู้ของฉัน',
    signatureHeading: 'ลายมือชื่อผู้กู้',
    signedAt: 'ลงนามทางอิเล็กทรอนิกส์เมื่อ {{date}}',
  },
  'zh-TW': {
    title: '借款合約',
    issued: '{{date}} 簽發・{{product}}',
    partiesHeading: '1. 當事人',
    lender: '貸款人：Tradewind（平台營運者，以自有資金放款）。',
    borrower: '借款人：{{name}}（帳戶 {{userName}}，客戶編號 {{userId}}）。',
    termsHeading: '2. 借款條件',
    amount: '借款金額：{{amount}} USDT',
    term: '期限：{{termDays}} 天',
    freeDays: '免息天數：{{freeDays}} 天',
    dailyRate: '日利率：每日 {{dailyRate}} %',
    interestDays: '計息天數：{{interestDays}} 天',
    interest: '利息總額：{{interest}} USDT',
    repayAmount: '還款金額：{{repayAmount}} USDT',
    repayDate: '還款日：借款核准並撥款後第 {{termDays}} 天（若今日核准：{{repayDate}}）。',
    lateRate: '逾期費用：還款日後每日按未還本金的 {{lateRate}} % 計算',
    formula: '利息 = 借款金額 × 日利率 ×（期限 − 免息天數），四捨五入至 0.000001 USDT。',
    disbursementHeading: '3. 撥款',
    disbursement:
      'Tradewind 核准申請時，借款即撥入借款人的真實帳戶。在此之前借款人不負任何債務，被拒絕的申請不產生任何費用。',
    repaymentHeading: '4. 還款',
    repayment:
      '借款人可隨時以真實帳戶餘額償還全部應還金額；提前還款不減少利息。自還款日起，直至還清前的每一天，Tradewind 會以真實帳戶的現金扣抵應還金額：先扣利息與逾期費用，再扣本金。',
    lateHeading: '5. 逾期還款',
    late: '若還款日後仍有應還金額，借款即屬逾期。逾期的每一整日，按當日仍未償還本金的 {{lateRate}} % 計入應還金額；費用不再計算費用。逾期期間，借款人不得提領、在真實帳戶交易、購買智慧方案、出價或再借款，Tradewind 並得在法律允許範圍內追收應還金額。',
    governingHeading: '6. 適用條款',
    governing:
      '本合約受簽署時有效之 Tradewind 服務條款及政策約束。借款人簽署即確認已閱讀本合約，包括利息與還款日。已簽署之副本由 Tradewind 保存，可於「我的借款」下載。',
    signatureHeading: '借款人簽名',
    signedAt: '於 {{date}} 電子簽署',
  },
  'zh-CN': {
    title: '借款合同',
    issued: '{{date}} 签发・{{product}}',
    partiesHeading: '1. 当事人',
    lender: '贷款人：Tradewind（平台运营方，以自有资金放款）。',
    borrower: '借款人：{{name}}（账户 {{userName}}，客户编号 {{userId}}）。',
    termsHeading: '2. 借款条件',
    amount: '借款金额：{{amount}} USDT',
    term: '期限：{{termDays}} 天',
    freeDays: '免息天数：{{freeDays}} 天',
    dailyRate: '日利率：每日 {{dailyRate}} %',
    interestDays: '计息天数：{{interestDays}} 天',
    interest: '利息总额：{{interest}} USDT',
    repayAmount: '还款金额：{{repayAmount}} USDT',
    repayDate: '还款日：借款审批通过并放款后第 {{termDays}} 天（若今日通过：{{repayDate}}）。',
    lateRate: '逾期费用：还款日后每日按未还本金的 {{lateRate}} % 计算',
    formula: '利息 = 借款金额 × 日利率 ×（期限 − 免息天数），四舍五入至 0.000001 USDT。',
    disbursementHeading: '3. 放款',
    disbursement:
      'Tradewind 审批通过申请时，借款即打入借款人的真实账户。在此之前借款人不承担任何债务，被拒绝的申请不产生任何费用。',
    repaymentHeading: '4. 还款',
    repayment:
      '借款人可随时以真实账户余额偿还全部应还金额；提前还款不减少利息。自还款日起，直至还清前的每一天，Tradewind 会以真实账户的现金抵扣应还金额：先扣利息与逾期费用，再扣本金。',
    lateHeading: '5. 逾期还款',
    late: '若还款日后仍有应还金额，借款即属逾期。逾期的每一整日，按当日仍未偿还本金的 {{lateRate}} % 计入应还金额；费用不再计算费用。逾期期间，借款人不得提现、在真实账户交易、购买智能计划、出价或再借款，Tradewind 并可在法律允许范围内追收应还金额。',
    governingHeading: '6. 适用条款',
    governing:
      '本合同受签署时有效的 Tradewind 服务条款和政策约束。借款人签署即确认已阅读本合同，包括利息和还款日。已签署的副本由 Tradewind 保存，可在“我的借款”中下载。',
    signatureHeading: '借款人签名',
    signedAt: '于 {{date}} 电子签署',
  },
};
