// The help centre in Italian, entry for entry from en.ts, in the app's own terms (conto demo, conto reale,
// margine, contratto, piano smart); every figure is en.ts's, so change them together when the product changes.
import type { HelpTexts } from './types.ts';

export const texts: HelpTexts = {
  faq: [
    {
      topic: 'accounts',
      title: 'Come si apre un conto e come si accede?',
      body: '<p>Tocchi <strong>Registrati</strong>, scelga un nome utente, inserisca il suo indirizzo email e una password di almeno 8 caratteri, quindi digiti il codice di 6 cifre che le inviamo via email. Il codice è valido per 10 minuti. Se ha ricevuto un invito da un amico, il codice di invito viene inserito automaticamente tramite il link ricevuto.</p><p>In seguito potrà accedere con il nome utente o l’indirizzo email e la password, oppure con Google, se l’opzione è disponibile. Ogni conto comprende due sezioni separate: un <strong>conto demo</strong> per esercitarsi con denaro virtuale e un <strong>conto reale</strong> per i suoi fondi, che parte da 0 USDT.</p>',
    },
    {
      topic: 'demo',
      title: 'Che cos’è il conto demo e come si passa al conto reale?',
      body: '<p>Il conto demo dispone di <strong>100.000 USDT virtuali</strong> per fare pratica. Può aprire contratti su tutti i mercati esattamente come nel conto reale, agli stessi prezzi e alle stesse condizioni, ma con denaro virtuale.</p><p>Per passare da <strong>Prova</strong> a <strong>Reale</strong> e viceversa usi la barra superiore o la pagina del conto; la schermata di conferma di ogni contratto indica il conto utilizzato. I due conti sono registri separati e tra di essi non viene mai trasferito nulla: il denaro virtuale non può mai essere prelevato e il suo denaro reale non si mescola mai con quello demo.</p>',
    },
    {
      topic: 'demo',
      title: 'Posso azzerare il conto demo? E per che cosa non si può usare?',
      body: '<p>Sì. Può azzerare il conto demo in qualsiasi momento dalla pagina del saldo: i contratti demo aperti vengono chiusi all’ultimo prezzo e il saldo demo torna esattamente a 100.000 USDT virtuali. L’azzeramento non tocca mai il conto reale.</p><p>Poiché il denaro demo non è reale, le seguenti funzioni sono disponibili solo nel conto reale:</p><ul><li>depositi e prelievi;</li><li>piani smart;</li><li>prestiti;</li><li>offerte sugli NFT solidali.</li></ul>',
    },
    {
      topic: 'deposits',
      title: 'Come si effettua un deposito?',
      body: '<p>Vada su <strong>Conto → Deposita</strong>, scelga una delle monete e delle reti disponibili (USDT su TRC20 o ERC20, BTC o ETH) e invii le monete all’indirizzo indicato. Invii solo quella moneta e solo su quella rete: le monete inviate su un’altra rete non possono essere recuperate.</p><p>Indichi poi l’importo, l’hash della transazione e uno screenshot come prova. Il nostro team finanziario verifica il trasferimento e l’importo viene accreditato sul conto reale solo dopo l’approvazione del deposito, mai prima. Gli USDT vengono accreditati 1:1; BTC ed ETH sono convertiti al tasso mostrato prima dell’invio. Ogni canale indica il proprio deposito minimo e possono essere in attesa di verifica fino a 5 depositi contemporaneamente.</p>',
    },
    {
      topic: 'withdrawals',
      title: 'Come si preleva denaro?',
      body: '<p>I prelievi vengono effettuati dal conto reale una volta verificata l’identità. In <strong>Conto → Preleva</strong> aggiunga una carta bancaria o un indirizzo USDT (TRC20 o ERC20), inserisca l’importo e confermi con la password. Le condizioni attuali, sempre mostrate prima della conferma:</p><ul><li>commissione: 1% dell’importo, minimo 1 USDT, con l’importo netto che riceverà;</li><li>prelievo minimo: 10 USDT;</li><li>possono essere in attesa di verifica fino a 5 prelievi contemporaneamente.</li></ul><p>L’importo viene bloccato non appena invia la richiesta. Il nostro team finanziario la esamina: se viene approvata, il denaro viene versato; se viene respinta, l’intero importo torna sul suo saldo.</p>',
    },
    {
      topic: 'kyc',
      title: 'Come si verifica l’identità e quanto tempo richiede?',
      body: '<p>Apra <strong>Conto → Verifica dell’identità</strong>. Inserisca nome e cognome, sesso, data di nascita, paese, indirizzo e numero di telefono, scelga il documento (carta d’identità, passaporto o patente di guida) e aggiunga tre foto: il fronte, il retro e una foto in cui tiene in mano il documento. Sono accettati i formati JPG, PNG e JPEG 2000. È necessario avere almeno 18 anni.</p><p>Il nostro team di compliance esamina ogni richiesta entro 48 ore e lei riceverà una notifica con l’esito. Se una richiesta viene respinta, la notifica ne indica il motivo: potrà correggerla e inviarla di nuovo. La verifica è necessaria per prelievi e prestiti.</p>',
    },
    {
      topic: 'contracts',
      title: 'Come funziona un contratto?',
      body: '<p>Un contratto è una posizione a leva di breve durata sul prezzo di uno strumento. Si sceglie <strong>Rialzo</strong> o <strong>Ribasso</strong>, il numero di lotti, la leva e la durata. Tradewind è la sua controparte: ciò che lei guadagna lo paga la piattaforma, ciò che perde lo trattiene la piattaforma.</p><ul><li>Valore nozionale = lotti × dimensione del contratto × prezzo di apertura.</li><li>Margine = valore nozionale ÷ leva.</li><li>Commissione = valore nozionale × aliquota di commissione dello strumento, addebitata una sola volta all’apertura.</li></ul><p>La leva ha un limite per categoria: forex 30×, metalli 20×, future 10×, azioni 5×, criptovalute 2×. Prima di qualsiasi invio, la schermata di conferma mostra prezzo, margine, commissione, perdita massima e scadenza. La leva amplifica le perdite così come i guadagni.</p>',
    },
    {
      topic: 'contracts',
      title: 'Quando si chiude un contratto e quanto posso perdere?',
      body: '<p>Un contratto si chiude al verificarsi del primo di questi eventi:</p><ul><li>lo chiude manualmente all’ultimo prezzo;</li><li>il prezzo raggiunge il suo take profit o stop loss (la chiusura avviene al primo prezzo pari o oltre quel livello, che può anche superarlo);</li><li>la durata scade (da 1 minuto a 24 ore, a seconda del mercato);</li><li>il patrimonio della posizione, cioè il margine più il profitto o la perdita, scende al 50% del margine (chiusura per margine).</li></ul><p>La perdita su un contratto non supera mai il suo margine, nemmeno se il prezzo fa un balzo: grazie alla protezione dal saldo negativo, l’eventuale eccedenza è a carico della piattaforma. Può comunque perdere l’intero margine, quindi negozi solo con denaro che può permettersi di perdere.</p>',
    },
    {
      topic: 'contracts',
      title: 'Da dove provengono i prezzi e come posso verificare il regolamento di un contratto?',
      body: '<p>Ogni prezzo proviene da un flusso di mercato registrato, mai da una persona: nessuno in Tradewind, personale compreso, può fissare un prezzo o decidere l’esito di un contratto. Ogni contratto registra i tick esatti di apertura e di chiusura e, nello storico degli ordini, <strong>Verifica</strong> mostra entrambi i tick con ora e prezzo.</p><p>Se il prezzo si muove di oltre lo 0,5% tra la schermata di conferma e il momento in cui lei conferma, il contratto non viene aperto e le nuove condizioni le vengono mostrate per una nuova conferma. I prezzi contrassegnati come <strong>Dati simulati</strong> provengono da un flusso simulato, usato dove non è collegato un flusso in tempo reale, e sono indicati come tali ovunque compaiano.</p>',
    },
    {
      topic: 'smart',
      title: 'Che cos’è un piano smart?',
      body: '<p>Un piano smart è un piano a durata fissa con tasso giornaliero fisso, simile a un prodotto di risparmio vincolato. Si sceglie un piano, una durata e un importo. L’importo resta vincolato per quel periodo, gli interessi vengono accreditati sul conto reale ogni 24 ore dall’avvio e il capitale torna sul saldo alla scadenza.</p><p>Gli interessi sono pagati da Tradewind con fondi propri. Un piano smart <strong>non</strong> è un investimento nei risultati di trading e <strong>non</strong> è coperto da alcuna garanzia sui depositi. Il tasso, gli interessi totali e la data di scadenza sono mostrati prima della conferma, e un piano in corso mantiene il suo tasso anche se l’offerta cambia in seguito. È possibile avere un solo piano in corso per prodotto alla volta.</p>',
    },
    {
      topic: 'smart',
      title: 'Posso uscire in anticipo da un piano smart?',
      body: '<p>Sì. Apra il piano in <strong>I miei piani</strong> e scelga l’uscita anticipata. La finestra mostra la penale in USDT prima della conferma: una percentuale fissata all’avvio del piano (5% per i piani attuali) del capitale più gli interessi già pagati, mai superiore al capitale. Riceverà il capitale meno la penale, e gli interessi già pagati restano suoi.</p><p>Ogni giorno le cui 24 ore sono già trascorse viene pagato prima dell’uscita, quindi nessun giorno maturato va perso. Se preferisce proseguire, attivi <strong>Rinnova alla scadenza</strong>: alla fine del piano ne parte uno nuovo, al tasso in vigore in quel momento.</p>',
    },
    {
      topic: 'loans',
      title: 'Chi può chiedere un prestito e come funziona?',
      body: '<p>I prestiti sono riservati ai clienti con identità verificata, nel conto reale. Scelga un prodotto e un importo: la pagina mostra durata, giorni senza interessi (7 per i prodotti attuali), tasso giornaliero, interessi totali, importo e data di rimborso e il costo di un rimborso in ritardo. Interessi = importo × tasso giornaliero × (durata − giorni senza interessi).</p><p>Prima di presentare la richiesta, legge in PDF il contratto di prestito redatto esattamente per quelle condizioni e lo firma sullo schermo. Una volta approvato, il prestito viene accreditato sul conto reale. È possibile avere un solo prestito alla volta, attualmente fino a 50.000 USDT per cliente. Alla data di rimborso quanto dovuto viene prelevato automaticamente dal contante del conto reale; può anche rimborsare tutto prima, ma gli interessi non si riducono. Un nuovo prestito è possibile una volta rimborsato quello in corso.</p>',
    },
    {
      topic: 'loans',
      title: 'Che cosa succede alla data di rimborso, e se rimborso in ritardo?',
      body: '<p>Riceve un promemoria 3 giorni e 1 giorno prima della data di rimborso. In quella data quanto dovuto viene prelevato automaticamente dal contante del conto reale: prima gli interessi e l’eventuale costo di ritardo, poi il capitale. Se il contante non basta, viene prelevato quello che c’è, e il resto man mano che arriva denaro (un deposito, un piano giunto a scadenza, un contratto chiuso), finché il prestito non è rimborsato. Ogni prelievo le viene notificato. Tenga abbastanza contante sul conto reale in quella data per rimborsare puntualmente.</p><p>Se dopo la data di rimborso resta qualcosa da pagare, il prestito è scaduto. Per ogni giorno intero di ritardo si aggiunge al dovuto un costo di ritardo: attualmente lo 0,1% al giorno del capitale ancora non rimborsato quel giorno. Per il suo prestito vale il tasso che il contratto indicava prima della firma. Sugli interessi e sul costo di ritardo non si applica alcun costo di ritardo. Finché un prestito scaduto non è rimborsato, non può prelevare, aprire contratti nel conto reale, acquistare piani smart né fare offerte sugli NFT; il conto demo non è interessato.</p>',
    },
    {
      topic: 'loans',
      title: 'Posso usare il denaro preso in prestito per un piano smart o un’offerta su un NFT?',
      body: '<p>No. Mentre rimborsa un prestito, i piani smart e le offerte sugli NFT si pagano solo con fondi propri: dopo l’acquisto o l’offerta, il contante del conto reale deve ancora coprire il capitale del prestito non ancora rimborsato. Altrimenti il piano o l’offerta viene rifiutato e il messaggio indica l’importo che può usare. Un piano con <strong>Rinnova alla scadenza</strong> attivo in questo caso non viene rinnovato, e ne riceve notifica.</p><p>Così il denaro preso in prestito non frutta interessi pagati da Tradewind e non resta vincolato in un’asta. Finché il prestito non è scaduto, può comunque prelevare il denaro preso in prestito o usarlo per i contratti nel conto reale.</p>',
    },
    {
      topic: 'nfts',
      title: 'Come funzionano le aste di NFT solidali?',
      body: '<p>Ogni NFT solidale viene venduto all’asta e l’offerta vincente va a un ente benefico per l’infanzia. Le offerte si fanno dal conto reale:</p><ul><li>un’offerta deve essere almeno pari all’offerta attuale più il rilancio minimo indicato;</li><li>l’importo dell’offerta viene bloccato sul saldo; se qualcuno la supera, torna integralmente sul saldo e lei riceve una notifica;</li><li>un’offerta negli ultimi 2 minuti prolunga l’asta fino a 2 minuti dopo quell’offerta, così gli altri hanno il tempo di rispondere.</li></ul><p>Al termine dell’asta, il miglior offerente riceve l’NFT e l’offerta vincente viene annotata nel registro pubblico delle donazioni, dove chiunque può verificare ogni donazione e ogni versamento all’ente benefico.</p>',
    },
    {
      topic: 'invite',
      title: 'Come funziona il programma inviti?',
      body: '<p>Il suo codice di invito personale, il link e il codice QR si trovano in <strong>Conto → Invita amici</strong>. Gli amici che si registrano con questo codice o link vengono collegati al suo conto; non è possibile invitare sé stessi.</p><p>Quando il primo deposito di un amico invitato viene approvato, lei riceve un premio sul conto reale: attualmente <strong>10 USDT</strong> per amico, e la pagina degli inviti mostra sempre l’importo in vigore. Il premio viene pagato una sola volta per amico; i depositi successivi non danno diritto a un altro premio. La pagina elenca inoltre gli amici invitati e indica se ciascun premio è stato pagato.</p>',
    },
    {
      topic: 'security',
      title: 'Come viene protetto il mio conto?',
      body: '<p>La password viene conservata solo come hash Argon2, mai in forma leggibile, e anche i token di sessione sono conservati solo come hash. Una sessione termina dopo 14 giorni di inattività e comunque al più tardi dopo 30 giorni.</p><ul><li>Cambiare la password disconnette tutti gli altri dispositivi; reimpostarla disconnette tutti i dispositivi.</li><li>I codici inviati via email sono monouso, validi per 10 minuti e annullati dopo 5 tentativi errati.</li><li>I prelievi devono essere confermati con la password, e i numeri delle carte bancarie sono conservati cifrati e mostrati solo con le ultime quattro cifre.</li></ul><p>Non comunichi mai a nessuno la password o un codice. Il personale di Tradewind non glieli chiederà mai.</p>',
    },
    {
      topic: 'fees',
      title: 'Quali commissioni applica Tradewind?',
      body: '<p>Ogni commissione viene mostrata prima della conferma. Le commissioni attuali:</p><ul><li><strong>Contratti:</strong> una commissione sul valore nozionale, addebitata una sola volta all’apertura: 0,03% per il forex, 0,04% per i metalli, 0,05% per azioni e future, e 0,10% o 0,20% per le criptovalute, a seconda della moneta. Alla chiusura non si paga nulla.</li><li><strong>Prelievi:</strong> 1% dell’importo, minimo 1 USDT.</li><li><strong>Depositi:</strong> nessuna commissione di Tradewind; la rete blockchain applica la propria commissione di trasferimento.</li><li><strong>Piani smart:</strong> nessuna commissione; solo l’uscita anticipata comporta la penale indicata.</li><li><strong>Prestiti:</strong> gli interessi previsti dal contratto e, in caso di rimborso tardivo, il costo di ritardo che il contratto indica (attualmente lo 0,1% al giorno del capitale non rimborsato dopo la data di rimborso).</li></ul>',
    },
  ],
  notices: [
    {
      publishedAt: '2026-11-28T00:00:00.000Z',
      title: 'Nuove condizioni per prestiti e piani smart',
      body: '<p>Dal 28 novembre 2026 i nuovi prestiti e piani smart funzionano così:</p><ul><li><strong>Il rimborso in ritardo ha un costo.</strong> Ogni giorno intero in cui un prestito resta non pagato dopo la data di rimborso aggiunge un costo di ritardo, attualmente lo 0,1% del capitale non rimborsato. Il contratto lo indica prima della firma. I prestiti firmati in precedenza conservano il loro contratto, che non prevedeva costi di ritardo.</li><li><strong>Il rimborso è automatico.</strong> Riceve un promemoria 3 giorni e 1 giorno prima. Alla data di rimborso quanto dovuto viene prelevato dal contante del conto reale e, in seguito, da ogni somma che vi arriva, finché il prestito non è rimborsato.</li><li><strong>Il denaro preso in prestito non paga piani né offerte.</strong> Mentre rimborsa un prestito, i piani smart e le offerte sugli NFT si pagano solo con fondi propri. Finché un prestito è scaduto, prelievi, apertura di contratti nel conto reale, piani e offerte restano bloccati fino al rimborso.</li><li><strong>Un prestito alla volta, fino a 50.000 USDT</strong> per cliente.</li><li><strong>Piani smart:</strong> il Piano Costante ora dura 14, 30, 90 o 180 giorni (il piano da 7 giorni è terminato) e il Piano Crescita paga lo 0,020%, lo 0,025% o lo 0,026% al giorno. Nessun piano rende nella sua durata più di quanto costi un prestito per gli stessi giorni. I piani già in corso mantengono tasso e durata.</li></ul><p>I termini di servizio e l’informativa sui rischi dicono lo stesso dalla versione 1.1.</p>',
    },
    {
      publishedAt: '2026-11-20T09:00:00.000Z',
      title: 'Sono aperte le aste di NFT solidali',
      body: '<p>La nostra prima collezione di NFT solidali è ora all’asta nella sezione <strong>NFT</strong>. Ogni offerta vincente va a un ente benefico per l’infanzia, e ogni donazione e ogni versamento all’ente sono riportati in un registro pubblico delle donazioni che chiunque può consultare e sommare.</p><p>Le offerte si fanno dal conto reale e devono superare l’offerta attuale almeno del rilancio minimo. Se la sua offerta viene superata, l’importo torna integralmente sul saldo. Un’offerta negli ultimi 2 minuti prolunga l’asta fino a 2 minuti dopo quell’offerta. Grazie per la partecipazione.</p>',
    },
    {
      publishedAt: '2026-11-04T09:00:00.000Z',
      title: 'Piani smart e prestiti ora disponibili',
      body: '<p>Nel conto reale sono ora disponibili due nuovi prodotti:</p><ul><li><strong>Piani smart</strong>: piani a durata fissa con tasso giornaliero fisso, pagati da Tradewind con fondi propri. Il Piano Costante dura 14, 30, 90 o 180 giorni allo 0,010%–0,025% al giorno (100–50.000 USDT); il Piano Crescita dura 30, 90 o 180 giorni allo 0,020%–0,026% al giorno (1.000–200.000 USDT). Non sono un investimento nei risultati di trading e non sono coperti da alcuna garanzia sui depositi.</li><li><strong>Prestiti</strong>: per i clienti verificati, uno alla volta e fino a 50.000 USDT, con 7 giorni senza interessi, un contratto firmato e il costo complessivo mostrato prima della richiesta, compreso quello di un rimborso in ritardo. Alla data di rimborso quanto dovuto viene prelevato automaticamente dal contante del conto reale.</li></ul><p>Dati aggiornati il 28 novembre 2026: veda l’avviso di quel giorno.</p>',
    },
  ],
};
