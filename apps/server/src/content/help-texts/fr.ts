// The help centre in French, entry for entry from en.ts, in the app's own terms (compte démo, compte réel,
// marge, contrat, plan smart); every figure is en.ts's, so change them together when the product changes.
import type { HelpTexts } from './types.ts';

export const texts: HelpTexts = {
  faq: [
    {
      topic: 'accounts',
      title: 'Comment ouvrir un compte et me connecter ?',
      body: '<p>Appuyez sur <strong>S’inscrire</strong>, choisissez un nom d’utilisateur, saisissez votre adresse e-mail et un mot de passe d’au moins 8 caractères, puis entrez le code à 6 chiffres que nous vous envoyons par e-mail. Ce code est valable 10 minutes. Si un ami vous a invité, son code d’invitation est renseigné automatiquement depuis son lien.</p><p>Vous vous connectez ensuite avec votre nom d’utilisateur ou votre adresse e-mail et votre mot de passe, ou avec Google lorsque cette option est proposée. Chaque compte comporte deux espaces distincts : un <strong>compte démo</strong> pour vous entraîner avec de l’argent virtuel et un <strong>compte réel</strong> pour vos propres fonds, dont le solde de départ est de 0 USDT.</p>',
    },
    {
      topic: 'demo',
      title: 'Qu’est-ce que le compte démo, et comment passer au compte réel ?',
      body: '<p>Le compte démo est doté de <strong>100 000 USDT virtuels</strong> pour vous entraîner. Vous pouvez y ouvrir des contrats sur tous les marchés exactement comme sur le compte réel, aux mêmes prix et aux mêmes conditions, mais avec de l’argent virtuel.</p><p>Passez de <strong>Démo</strong> à <strong>Réel</strong> et inversement depuis la barre supérieure ou la page du compte ; l’étape de confirmation de chaque contrat indique le compte utilisé. Les deux comptes sont tenus séparément et rien ne passe jamais de l’un à l’autre : l’argent virtuel ne peut jamais être retiré, et votre argent réel ne se mélange jamais à l’argent démo.</p>',
    },
    {
      topic: 'demo',
      title: 'Puis-je réinitialiser le compte démo, et à quoi ne peut-il pas servir ?',
      body: '<p>Oui. Vous pouvez réinitialiser le compte démo à tout moment depuis la page Solde : les contrats démo ouverts sont clôturés au dernier prix, et le solde démo revient à exactement 100 000 USDT virtuels. Une réinitialisation n’affecte jamais votre compte réel.</p><p>L’argent démo n’étant pas réel, les fonctions suivantes ne sont disponibles que sur le compte réel :</p><ul><li>les dépôts et les retraits ;</li><li>les plans smart ;</li><li>les prêts ;</li><li>les enchères sur les NFT caritatifs.</li></ul>',
    },
    {
      topic: 'deposits',
      title: 'Comment effectuer un dépôt ?',
      body: '<p>Rendez-vous dans <strong>Compte → Déposer</strong>, choisissez l’une des cryptos ouvertes et son réseau (USDT sur TRC20 ou ERC20, BTC ou ETH), puis envoyez les fonds à l’adresse indiquée. N’envoyez que cette crypto, et uniquement sur ce réseau : des fonds envoyés sur un autre réseau ne peuvent pas être récupérés.</p><p>Déclarez ensuite le montant, le hash de la transaction et une capture d’écran comme justificatif. Notre équipe financière vérifie le transfert, et votre compte réel n’est crédité qu’une fois le dépôt approuvé, jamais avant. L’USDT est crédité à 1:1 ; le BTC et l’ETH sont convertis au cours affiché avant votre envoi. Chaque canal indique son dépôt minimum, et jusqu’à 5 dépôts peuvent être en attente de vérification en même temps.</p>',
    },
    {
      topic: 'withdrawals',
      title: 'Comment retirer de l’argent ?',
      body: '<p>Les retraits sont effectués depuis votre compte réel une fois votre identité vérifiée. Dans <strong>Compte → Retirer</strong>, ajoutez une carte bancaire ou une adresse USDT (TRC20 ou ERC20), saisissez le montant et confirmez avec votre mot de passe. Les conditions actuelles, toujours affichées avant votre confirmation :</p><ul><li>frais : 1 % du montant, avec un minimum de 1 USDT, ainsi que le montant net que vous recevrez ;</li><li>retrait minimum : 10 USDT ;</li><li>jusqu’à 5 retraits peuvent être en attente de vérification en même temps.</li></ul><p>Le montant est bloqué dès l’envoi de la demande. Notre équipe financière l’examine ensuite : si elle est approuvée, les fonds sont versés ; si elle est rejetée, la totalité du montant revient sur votre solde.</p>',
    },
    {
      topic: 'kyc',
      title: 'Comment vérifier mon identité, et combien de temps cela prend-il ?',
      body: '<p>Ouvrez <strong>Compte → Vérification d’identité</strong>. Indiquez vos nom et prénom, votre sexe, votre date de naissance, votre pays, votre adresse et votre numéro de téléphone, choisissez votre pièce d’identité (carte d’identité, passeport ou permis de conduire) et ajoutez trois photos : le recto, le verso et une photo de vous tenant la pièce. Les formats acceptés sont JPG, PNG et JPEG 2000. Vous devez avoir au moins 18 ans.</p><p>Notre équipe conformité examine chaque demande sous 48 heures, et vous recevez une notification avec le résultat. Si une demande est rejetée, la notification en précise le motif : vous pouvez alors la corriger et la soumettre à nouveau. La vérification d’identité est obligatoire pour les retraits et les prêts.</p>',
    },
    {
      topic: 'contracts',
      title: 'Comment fonctionne un contrat ?',
      body: '<p>Un contrat est une position à court terme et à effet de levier sur un prix. Vous choisissez <strong>Hausse</strong> ou <strong>Baisse</strong>, le nombre de lots, l’effet de levier et la durée. Tradewind est votre contrepartie : ce que vous gagnez, la plateforme le paie, et ce que vous perdez, elle le garde.</p><ul><li>Valeur nominale = lots × taille du contrat × prix d’ouverture.</li><li>Marge = valeur nominale ÷ effet de levier.</li><li>Frais = valeur nominale × taux de frais de l’instrument, prélevés une seule fois à l’ouverture.</li></ul><p>L’effet de levier est plafonné par catégorie : forex 30×, métaux 20×, contrats à terme 10×, actions 5×, cryptos 2×. Avant tout envoi, l’étape de confirmation affiche le prix, la marge, les frais, la perte maximale et l’échéance. L’effet de levier amplifie les pertes autant que les gains.</p>',
    },
    {
      topic: 'contracts',
      title: 'Quand un contrat est-il clôturé, et combien puis-je perdre ?',
      body: '<p>Un contrat est clôturé dès que survient le premier de ces événements :</p><ul><li>vous le clôturez vous-même au dernier prix ;</li><li>le prix atteint votre prise de bénéfice ou votre stop de perte (la clôture s’effectue au premier prix égal ou au-delà de ce niveau, qui peut donc le dépasser) ;</li><li>sa durée arrive à échéance (de 1 minute à 24 heures selon le marché) ;</li><li>vos fonds propres, c’est-à-dire la marge augmentée du gain ou diminuée de la perte, tombent à 50 % de la marge (liquidation sur marge).</li></ul><p>Votre perte sur un contrat ne dépasse jamais sa marge, même si le prix fait un bond : grâce à la protection contre le solde négatif, la plateforme absorbe tout excédent. Vous pouvez néanmoins perdre la totalité de la marge ; ne tradez donc qu’avec de l’argent que vous pouvez vous permettre de perdre.</p>',
    },
    {
      topic: 'contracts',
      title: 'D’où viennent les prix, et puis-je vérifier le dénouement d’un contrat ?',
      body: '<p>Chaque prix provient d’un flux de marché enregistré, jamais d’une personne : personne chez Tradewind, pas même le personnel, ne peut fixer un prix ni décider de l’issue d’un contrat. Chaque contrat conserve les ticks exacts de son ouverture et de sa clôture, et dans votre historique d’ordres, <strong>Vérifier</strong> affiche ces deux ticks avec leur heure et leur prix.</p><p>Si le prix varie de plus de 0,5 % entre l’étape de confirmation et votre validation, le contrat n’est pas ouvert et les nouvelles conditions vous sont présentées pour une nouvelle confirmation. Les prix signalés par <strong>Données simulées</strong> proviennent d’un flux simulé, utilisé lorsqu’aucun flux en direct n’est connecté, et sont identifiés comme tels partout où ils apparaissent.</p>',
    },
    {
      topic: 'smart',
      title: 'Qu’est-ce qu’un plan smart ?',
      body: '<p>Un plan smart est un plan à durée déterminée et à taux journalier fixe, comparable à un produit d’épargne bloquée. Vous choisissez un plan, une durée et un montant. Le montant est bloqué pendant cette période, les intérêts sont versés sur votre compte réel toutes les 24 heures à compter du démarrage, et le capital revient sur votre solde à l’échéance.</p><p>Les intérêts sont payés par Tradewind sur ses fonds propres. Un plan smart n’est <strong>pas</strong> un investissement dans des résultats de trading et n’est couvert par <strong>aucune</strong> garantie des dépôts. Le taux, les intérêts totaux et la date d’échéance sont affichés avant votre confirmation, et un plan en cours conserve son taux même si l’offre change par la suite. Vous pouvez détenir un seul plan en cours par produit à la fois.</p>',
    },
    {
      topic: 'smart',
      title: 'Puis-je sortir d’un plan smart avant l’échéance ?',
      body: '<p>Oui. Ouvrez le plan dans <strong>Mes plans</strong> et choisissez la sortie anticipée. La fenêtre affiche la pénalité en USDT avant votre confirmation : un pourcentage fixé au démarrage du plan (5 % pour les plans actuels) de votre capital augmenté des intérêts déjà versés, sans jamais dépasser le capital. Vous recevez le capital diminué de la pénalité, et les intérêts déjà versés vous restent acquis.</p><p>Chaque jour dont les 24 heures sont déjà écoulées est versé avant la sortie : aucun jour acquis n’est donc perdu. Si vous préférez continuer, activez <strong>Renouveler à l’échéance</strong> : un nouveau plan démarre alors à la fin du précédent, au taux en vigueur à ce moment-là.</p>',
    },
    {
      topic: 'loans',
      title: 'Qui peut emprunter, et comment fonctionne un prêt ?',
      body: '<p>Les prêts sont ouverts aux clients dont l’identité est vérifiée, sur le compte réel. Choisissez une offre et un montant : la page affiche la durée, les jours sans intérêts (7 pour les offres actuelles), le taux journalier, les intérêts totaux, le montant à rembourser, la date de remboursement et le coût d’un remboursement en retard. Intérêts = montant × taux journalier × (durée − jours sans intérêts).</p><p>Avant de faire votre demande, vous lisez au format PDF le contrat de prêt établi pour exactement ces conditions et vous le signez à l’écran. Une fois approuvé, le prêt est versé sur votre compte réel. Vous pouvez avoir un prêt à la fois, actuellement de 50 000 USDT au plus par client. À la date de remboursement, ce que vous devez est prélevé automatiquement sur les liquidités de votre compte réel ; vous pouvez aussi tout rembourser plus tôt, mais les intérêts ne diminuent pas. Un nouveau prêt est possible une fois le prêt en cours remboursé.</p>',
    },
    {
      topic: 'loans',
      title: 'Que se passe-t-il à la date de remboursement, et si je rembourse en retard ?',
      body: '<p>Vous recevez un rappel 3 jours et 1 jour avant la date de remboursement. À cette date, ce que vous devez est prélevé automatiquement sur les liquidités de votre compte réel : d’abord les intérêts et l’éventuel coût de retard, puis le capital. Si les liquidités ne suffisent pas, ce qui est disponible est prélevé, et le reste au fur et à mesure que des fonds arrivent (un dépôt, un plan arrivé à échéance, un contrat clôturé), jusqu’au remboursement complet. Chaque prélèvement vous est notifié. Gardez assez de liquidités sur votre compte réel à cette date pour rembourser à temps.</p><p>Un prêt dont une somme reste due après la date de remboursement est en retard. Pour chaque jour entier de retard, un coût de retard s’ajoute à ce que vous devez : actuellement 0,1 % par jour du capital encore dû ce jour-là. Le taux applicable à votre prêt est celui que son contrat indiquait avant votre signature. Aucun coût de retard n’est calculé sur les intérêts ni sur le coût de retard. Tant qu’un prêt en retard n’est pas remboursé, vous ne pouvez ni retirer, ni ouvrir de contrat sur le compte réel, ni acheter de plan smart, ni enchérir sur un NFT ; le compte démo n’est pas concerné.</p>',
    },
    {
      topic: 'loans',
      title: 'Puis-je utiliser l’argent emprunté pour un plan smart ou une enchère sur un NFT ?',
      body: '<p>Non. Tant que vous remboursez un prêt, les plans smart et les enchères sur les NFT sont payés uniquement avec vos propres fonds : après l’achat ou l’enchère, les liquidités de votre compte réel doivent encore couvrir le capital du prêt qui reste à rembourser. Sinon, le plan ou l’enchère est refusé et le message indique le montant que vous pouvez utiliser. Un plan réglé sur <strong>Renouveler à l’échéance</strong> n’est alors pas renouvelé, et vous en êtes informé.</p><p>Ainsi, l’argent emprunté ne rapporte pas d’intérêts payés par Tradewind et n’est pas bloqué dans une enchère. Tant que le prêt n’est pas en retard, vous pouvez toujours retirer l’argent emprunté ou l’utiliser pour des contrats sur le compte réel.</p>',
    },
    {
      topic: 'nfts',
      title: 'Comment fonctionnent les enchères de NFT caritatifs ?',
      body: '<p>Chaque NFT caritatif est mis aux enchères, et l’enchère gagnante est reversée à une association d’aide à l’enfance. Les enchères sont placées depuis votre compte réel :</p><ul><li>une enchère doit être au moins égale à l’enchère actuelle augmentée du pas minimal indiqué ;</li><li>le montant de l’enchère est bloqué sur votre solde ; si quelqu’un vous surenchérit, il revient intégralement sur votre solde et vous en êtes averti ;</li><li>une enchère placée dans les 2 dernières minutes prolonge la vente jusqu’à 2 minutes après cette enchère, afin que les autres aient le temps d’y répondre.</li></ul><p>À la fin de la vente, le meilleur enchérisseur reçoit le NFT et l’enchère gagnante est inscrite dans le registre public des dons, où chacun peut vérifier chaque don et chaque versement à l’association.</p>',
    },
    {
      topic: 'invite',
      title: 'Comment fonctionne le programme de parrainage ?',
      body: '<p>Votre code d’invitation personnel, votre lien et votre code QR se trouvent dans <strong>Compte → Inviter des amis</strong>. Un ami qui s’inscrit avec votre code ou votre lien est rattaché à votre compte ; vous ne pouvez pas vous inviter vous-même.</p><p>Lorsque le premier dépôt de votre ami est approuvé, vous recevez une récompense sur votre compte réel : actuellement <strong>10 USDT</strong> par ami, la page d’invitation indiquant toujours le montant en vigueur. La récompense est versée une seule fois par ami ; les dépôts suivants n’en donnent pas de nouvelle. La page liste également les amis que vous avez invités et indique si chaque récompense a été versée.</p>',
    },
    {
      topic: 'security',
      title: 'Comment mon compte est-il protégé ?',
      body: '<p>Votre mot de passe est stocké uniquement sous forme de hachage Argon2, jamais en clair, et les jetons de session ne sont eux aussi conservés que sous forme de hachages. Une session expire après 14 jours d’inactivité, et au plus tard après 30 jours.</p><ul><li>Modifier votre mot de passe déconnecte tous vos autres appareils ; le réinitialiser déconnecte tous les appareils.</li><li>Les codes envoyés par e-mail sont à usage unique, valables 10 minutes et invalidés après 5 tentatives erronées.</li><li>Les retraits doivent être confirmés avec votre mot de passe, et les numéros de carte bancaire sont stockés chiffrés et affichés uniquement par leurs quatre derniers chiffres.</li></ul><p>Ne communiquez jamais votre mot de passe ni un code à qui que ce soit. Le personnel de Tradewind ne vous les demandera jamais.</p>',
    },
    {
      topic: 'fees',
      title: 'Quels frais Tradewind facture-t-il ?',
      body: '<p>Tous les frais sont affichés avant votre confirmation. Les frais actuels :</p><ul><li><strong>Contrats :</strong> des frais sur la valeur nominale, prélevés une seule fois à l’ouverture : 0,03 % pour le forex, 0,04 % pour les métaux, 0,05 % pour les actions et les contrats à terme, et 0,10 % ou 0,20 % pour les cryptomonnaies, selon l’actif. Rien n’est prélevé à la clôture.</li><li><strong>Retraits :</strong> 1 % du montant, avec un minimum de 1 USDT.</li><li><strong>Dépôts :</strong> pas de frais Tradewind ; le réseau blockchain prélève ses propres frais de transfert.</li><li><strong>Plans smart :</strong> pas de frais ; seule une sortie anticipée coûte la pénalité affichée.</li><li><strong>Prêts :</strong> les intérêts prévus dans votre contrat et, en cas de remboursement tardif, le coût de retard qu’il prévoit (actuellement 0,1 % par jour du capital restant dû après la date de remboursement).</li></ul>',
    },
  ],
  notices: [
    {
      publishedAt: '2026-11-28T00:00:00.000Z',
      title: 'Nouvelles conditions des prêts et des plans smart',
      body: '<p>À partir du 28 novembre 2026, les nouveaux prêts et plans smart fonctionnent ainsi :</p><ul><li><strong>Un remboursement en retard a un coût.</strong> Chaque jour entier pendant lequel un prêt reste impayé après sa date de remboursement ajoute un coût de retard, actuellement 0,1 % du capital restant dû. Votre contrat l’indique avant la signature. Les prêts signés auparavant conservent leur contrat, qui ne prévoyait aucun coût de retard.</li><li><strong>Le remboursement est automatique.</strong> Vous recevez un rappel 3 jours et 1 jour avant. À la date de remboursement, ce que vous devez est prélevé sur les liquidités de votre compte réel, puis sur tout montant qui y arrive, jusqu’au remboursement complet.</li><li><strong>L’argent emprunté ne paie ni plans ni enchères.</strong> Tant que vous remboursez un prêt, les plans smart et les enchères sur les NFT sont payés uniquement avec vos propres fonds. Tant qu’un prêt est en retard, les retraits, l’ouverture de contrats sur le compte réel, les plans et les enchères sont bloqués jusqu’à son remboursement.</li><li><strong>Un prêt à la fois, jusqu’à 50 000 USDT</strong> par client.</li><li><strong>Plans smart :</strong> le Plan Régulier dure désormais 14, 30, 90 ou 180 jours (le plan de 7 jours a pris fin), et le Plan Croissance rapporte 0,020 %, 0,025 % ou 0,026 % par jour. Aucun plan ne rapporte sur sa durée plus que ne coûte un emprunt pour le même nombre de jours. Les plans en cours conservent leur taux et leur durée.</li></ul><p>Les conditions d’utilisation et l’avertissement sur les risques disent la même chose à partir de la version 1.1.</p>',
    },
    {
      publishedAt: '2026-11-20T09:00:00.000Z',
      title: 'Les enchères de NFT caritatifs sont ouvertes',
      body: '<p>Notre première collection de NFT caritatifs est désormais mise aux enchères dans la rubrique <strong>NFT</strong>. Chaque enchère gagnante est reversée à une association d’aide à l’enfance, et chaque don comme chaque versement à l’association figure dans un registre public des dons que chacun peut consulter et additionner.</p><p>Les enchères sont placées depuis votre compte réel et doivent dépasser l’enchère actuelle d’au moins le pas minimal. Si quelqu’un vous surenchérit, votre enchère revient intégralement sur votre solde. Une enchère placée dans les 2 dernières minutes prolonge la vente jusqu’à 2 minutes après cette enchère. Merci de votre participation !</p>',
    },
    {
      publishedAt: '2026-11-04T09:00:00.000Z',
      title: 'Les plans smart et les prêts sont disponibles',
      body: '<p>Deux nouveaux produits sont désormais proposés sur le compte réel :</p><ul><li><strong>Plans smart</strong> : des plans à durée déterminée et à taux journalier fixe, payés par Tradewind sur ses fonds propres. Le Plan Régulier dure 14, 30, 90 ou 180 jours à 0,010 %–0,025 % par jour (100–50 000 USDT) ; le Plan Croissance dure 30, 90 ou 180 jours à 0,020 %–0,026 % par jour (1 000–200 000 USDT). Ils ne constituent pas un investissement dans des résultats de trading et ne sont couverts par aucune garantie des dépôts.</li><li><strong>Prêts</strong> : pour les clients vérifiés, un à la fois et jusqu’à 50 000 USDT, avec 7 jours sans intérêts, un contrat signé et le coût total affiché avant votre demande, y compris celui d’un remboursement en retard. À la date de remboursement, le remboursement est prélevé automatiquement sur les liquidités de votre compte réel.</li></ul><p>Informations mises à jour le 28 novembre 2026 : voir l’avis de ce jour.</p>',
    },
  ],
};
