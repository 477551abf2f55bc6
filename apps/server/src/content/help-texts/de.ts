// The help centre in German, entry for entry from en.ts, in the app's own terms (Demokonto, Echtgeldkonto,
// Margin, Kontrakt, Smart-Plan); every figure is en.ts's, so change them together when the product changes.
import type { HelpTexts } from './types.ts';

export const texts: HelpTexts = {
  faq: [
    {
      topic: 'accounts',
      title: 'Wie eröffne ich ein Konto und melde mich an?',
      body: '<p>Tippen Sie auf <strong>Registrieren</strong>, wählen Sie einen Benutzernamen, geben Sie Ihre E-Mail-Adresse und ein Passwort mit mindestens 8 Zeichen ein und tragen Sie dann den 6-stelligen Code ein, den wir Ihnen per E-Mail senden. Der Code ist 10 Minuten gültig. Wenn Sie von einem Freund eingeladen wurden, wird sein Einladungscode über seinen Link automatisch eingetragen.</p><p>Danach melden Sie sich mit Ihrem Benutzernamen oder Ihrer E-Mail-Adresse und Ihrem Passwort an – oder mit Google, sofern diese Option angezeigt wird. Zu jedem Konto gehören zwei getrennte Bereiche: ein <strong>Demokonto</strong> zum Üben mit virtuellem Geld und ein <strong>Echtgeldkonto</strong> für Ihre eigenen Mittel, das mit 0 USDT beginnt.</p>',
    },
    {
      topic: 'demo',
      title: 'Was ist das Demokonto, und wie wechsle ich zum Echtgeldkonto?',
      body: '<p>Das Demokonto enthält <strong>100.000 virtuelle USDT</strong> zum Üben. Sie können auf allen Märkten Kontrakte eröffnen wie im Echtgeldkonto – zu denselben Kursen und Bedingungen, nur eben mit virtuellem Geld.</p><p>Zwischen <strong>Demokonto</strong> und <strong>Echtgeld</strong> wechseln Sie in der oberen Leiste oder auf der Kontoseite; im Bestätigungsschritt jedes Kontrakts ist angegeben, welches Konto verwendet wird. Beide Konten werden vollständig getrennt geführt, und zwischen ihnen wird niemals etwas übertragen: Virtuelles Geld kann nie ausgezahlt werden, und Ihr echtes Geld wird nie mit Demogeld vermischt.</p>',
    },
    {
      topic: 'demo',
      title: 'Kann ich das Demokonto zurücksetzen, und wofür lässt es sich nicht nutzen?',
      body: '<p>Ja. Sie können das Demokonto jederzeit auf der Guthabenseite zurücksetzen: Offene Demo-Kontrakte werden zum letzten Kurs geschlossen, und das Demo-Guthaben wird auf genau 100.000 virtuelle USDT zurückgesetzt. Ihr Echtgeldkonto bleibt davon stets unberührt.</p><p>Da Demogeld kein echtes Geld ist, steht Folgendes nur im Echtgeldkonto zur Verfügung:</p><ul><li>Ein- und Auszahlungen</li><li>Smart-Pläne</li><li>Kredite</li><li>Gebote auf Charity-NFTs</li></ul>',
    },
    {
      topic: 'deposits',
      title: 'Wie zahle ich ein?',
      body: '<p>Öffnen Sie <strong>Konto → Einzahlen</strong>, wählen Sie einen der verfügbaren Coins samt Netzwerk (USDT über TRC20 oder ERC20, BTC oder ETH) und senden Sie die Coins an die angezeigte Adresse. Senden Sie ausschließlich diesen Coin über dieses Netzwerk: Über ein anderes Netzwerk gesendete Coins lassen sich nicht wiederherstellen.</p><p>Reichen Sie anschließend den Betrag, den Transaktions-Hash und einen Screenshot als Nachweis ein. Unser Finanzteam prüft die Überweisung; Ihrem Echtgeldkonto wird der Betrag erst gutgeschrieben, wenn die Einzahlung freigegeben ist, niemals vorher. USDT wird 1:1 gutgeschrieben; BTC und ETH werden zu dem Kurs umgerechnet, der Ihnen vor dem Absenden angezeigt wird. Für jeden Kanal wird die Mindesteinzahlung angezeigt, und es können bis zu 5 Einzahlungen gleichzeitig auf ihre Prüfung warten.</p>',
    },
    {
      topic: 'withdrawals',
      title: 'Wie zahle ich Geld aus?',
      body: '<p>Auszahlungen erfolgen aus Ihrem Echtgeldkonto, sobald Ihre Identität bestätigt ist. Fügen Sie unter <strong>Konto → Auszahlen</strong> eine Bankkarte oder eine USDT-Adresse (TRC20 oder ERC20) hinzu, geben Sie den Betrag ein und bestätigen Sie mit Ihrem Passwort. Die aktuellen Bedingungen, die Ihnen vor der Bestätigung immer angezeigt werden:</p><ul><li>Gebühr: 1 % des Betrags, mindestens 1 USDT, zusammen mit dem Nettobetrag, den Sie erhalten</li><li>Mindestauszahlung: 10 USDT</li><li>Bis zu 5 Auszahlungen können gleichzeitig auf ihre Prüfung warten.</li></ul><p>Der Betrag wird beim Absenden sofort reserviert. Anschließend prüft unser Finanzteam den Auftrag: Wird er genehmigt, wird das Geld ausgezahlt; wird er abgelehnt, geht der volle Betrag auf Ihr Guthaben zurück.</p>',
    },
    {
      topic: 'kyc',
      title: 'Wie bestätige ich meine Identität, und wie lange dauert das?',
      body: '<p>Öffnen Sie <strong>Konto → Identitätsprüfung</strong>. Geben Sie Ihren Namen, Ihr Geschlecht, Ihr Geburtsdatum, Ihr Land, Ihre Anschrift und Ihre Telefonnummer an, wählen Sie Ihr Dokument (Personalausweis, Reisepass oder Führerschein) und laden Sie drei Fotos hoch: die Vorderseite, die Rückseite und ein Foto von Ihnen mit dem Dokument in der Hand. Zulässig sind JPG, PNG und JPEG 2000. Sie müssen mindestens 18 Jahre alt sein.</p><p>Unser Compliance-Team prüft jede Einreichung innerhalb von 48 Stunden, und Sie erhalten eine Benachrichtigung mit dem Ergebnis. Wird eine Einreichung abgelehnt, nennt die Benachrichtigung den Grund; Sie können Ihre Angaben dann korrigieren und erneut einreichen. Die Identitätsprüfung ist Voraussetzung für Auszahlungen und Kredite.</p>',
    },
    {
      topic: 'contracts',
      title: 'Wie funktioniert ein Kontrakt?',
      body: '<p>Ein Kontrakt ist eine kurzfristige, gehebelte Position auf einen Kurs. Sie wählen <strong>Steigt</strong> oder <strong>Fällt</strong>, die Anzahl der Lots, den Hebel und die Laufzeit. Tradewind ist Ihre Gegenpartei: Was Sie gewinnen, zahlt die Plattform, und was Sie verlieren, behält sie.</p><ul><li>Nominalwert = Lots × Kontraktgröße × Eröffnungskurs.</li><li>Margin = Nominalwert ÷ Hebel.</li><li>Gebühr = Nominalwert × Gebührensatz des Instruments, einmalig bei Eröffnung berechnet.</li></ul><p>Der Hebel ist je Kategorie begrenzt: Devisen 30-fach, Metalle 20-fach, Futures 10-fach, Aktien 5-fach, Krypto 2-fach. Bevor etwas gesendet wird, zeigt der Bestätigungsschritt Kurs, Margin, Gebühr, maximalen Verlust und Ablaufzeitpunkt an. Ein Hebel vergrößert Verluste ebenso wie Gewinne.</p>',
    },
    {
      topic: 'contracts',
      title: 'Wann wird ein Kontrakt geschlossen, und wie viel kann ich verlieren?',
      body: '<p>Ein Kontrakt wird geschlossen, sobald der erste dieser Fälle eintritt:</p><ul><li>Sie schließen ihn selbst zum letzten Kurs.</li><li>Der Kurs erreicht Ihren Take-Profit oder Stop-Loss (geschlossen wird zum ersten Kurs auf oder jenseits dieser Marke, der auch darüber hinaus liegen kann).</li><li>Seine Laufzeit endet (je nach Markt zwischen 1 Minute und 24 Stunden).</li><li>Ihr Eigenkapital, also Margin plus Gewinn oder Verlust, fällt auf 50 % der Margin (Zwangsschließung wegen unzureichender Margin).</li></ul><p>Ihr Verlust aus einem Kontrakt übersteigt nie dessen Margin, auch wenn der Kurs springt: Dank des Schutzes vor negativem Saldo trägt die Plattform jeden darüber hinausgehenden Betrag. Die gesamte Margin können Sie jedoch verlieren – handeln Sie daher nur mit Geld, dessen Verlust Sie verkraften können.</p>',
    },
    {
      topic: 'contracts',
      title: 'Woher stammen die Kurse, und kann ich eine Abrechnung überprüfen?',
      body: '<p>Jeder Kurs stammt aus einem aufgezeichneten Marktdaten-Feed, nie von einer Person: Niemand bei Tradewind, auch kein Mitarbeiter, kann einen Kurs festlegen oder über den Ausgang eines Kontrakts bestimmen. Zu jedem Kontrakt werden die genauen Ticks seiner Eröffnung und Schließung gespeichert, und in Ihrem Auftragsverlauf zeigt <strong>Prüfen</strong> beide Ticks mit Zeit und Kurs an.</p><p>Bewegt sich der Kurs zwischen dem Bestätigungsschritt und Ihrer Bestätigung um mehr als 0,5 %, wird der Kontrakt nicht eröffnet, und Ihnen werden die neuen Bedingungen zur erneuten Bestätigung angezeigt. Mit <strong>Simulierte Daten</strong> gekennzeichnete Kurse stammen aus einem simulierten Feed, der dort verwendet wird, wo kein Live-Feed angebunden ist, und sind überall, wo sie erscheinen, als solche gekennzeichnet.</p>',
    },
    {
      topic: 'smart',
      title: 'Was ist ein Smart-Plan?',
      body: '<p>Ein Smart-Plan ist ein Plan mit fester Laufzeit und festem Tageszins, vergleichbar mit einem gebundenen Sparprodukt. Sie wählen einen Plan, eine Laufzeit und einen Betrag. Der Betrag ist für diesen Zeitraum gebunden, die Zinsen werden ab dem Start alle 24 Stunden Ihrem Echtgeldkonto gutgeschrieben, und bei Fälligkeit fließt das Kapital auf Ihr Guthaben zurück.</p><p>Die Zinsen zahlt Tradewind aus eigenen Mitteln. Ein Smart-Plan ist <strong>keine</strong> Anlage in Handelsergebnisse und unterliegt <strong>keiner</strong> Einlagensicherung. Zinssatz, Gesamtzinsen und Fälligkeitsdatum werden vor Ihrer Bestätigung angezeigt, und ein laufender Plan behält seinen Zinssatz, auch wenn sich das Angebot später ändert. Je Produkt können Sie jeweils einen laufenden Plan haben.</p>',
    },
    {
      topic: 'smart',
      title: 'Kann ich einen Smart-Plan vorzeitig beenden?',
      body: '<p>Ja. Öffnen Sie den Plan unter <strong>Meine Pläne</strong> und wählen Sie den vorzeitigen Ausstieg. Der Dialog zeigt Ihnen die Gebühr in USDT an, bevor Sie bestätigen: einen beim Start des Plans festgelegten Prozentsatz (5 % bei den aktuellen Plänen) Ihres Kapitals zuzüglich der bereits gezahlten Zinsen, höchstens jedoch das Kapital. Sie erhalten das Kapital abzüglich der Gebühr, und bereits gezahlte Zinsen bleiben Ihnen.</p><p>Jeder Tag, dessen 24 Stunden bereits verstrichen sind, wird vor dem Ausstieg vergütet, sodass kein verdienter Tag verloren geht. Möchten Sie lieber weitermachen, aktivieren Sie <strong>Bei Fälligkeit verlängern</strong>: Dann beginnt mit dem Ende des alten Plans ein neuer, zu dem dann geltenden Zinssatz.</p>',
    },
    {
      topic: 'loans',
      title: 'Wer kann einen Kredit aufnehmen, und wie funktioniert er?',
      body: '<p>Kredite stehen Kunden mit bestätigter Identität im Echtgeldkonto offen. Wählen Sie ein Produkt und einen Betrag: Die Seite zeigt Laufzeit, zinsfreie Tage (7 bei den aktuellen Produkten), Tageszins, Gesamtzinsen, Rückzahlungsbetrag, Rückzahlungsdatum und die Kosten einer verspäteten Rückzahlung an. Zinsen = Betrag × Tageszins × (Laufzeit − zinsfreie Tage).</p><p>Bevor Sie den Kredit beantragen, lesen Sie den Kreditvertrag für genau diese Bedingungen als PDF und unterschreiben ihn auf dem Bildschirm. Nach der Genehmigung wird der Kredit auf Ihr Echtgeldkonto ausgezahlt. Sie können jeweils einen Kredit haben, derzeit höchstens 50.000 USDT pro Kunde. Am Rückzahlungsdatum wird der geschuldete Betrag automatisch vom Guthaben Ihres Echtgeldkontos abgebucht; Sie können auch vorher alles zurückzahlen, die Zinsen verringert das aber nicht. Einen neuen Kredit können Sie aufnehmen, sobald der laufende zurückgezahlt ist.</p>',
    },
    {
      topic: 'loans',
      title: 'Was geschieht am Rückzahlungsdatum, und was, wenn ich zu spät zurückzahle?',
      body: '<p>Sie werden 3 Tage und 1 Tag vor dem Rückzahlungsdatum erinnert. An diesem Datum wird der geschuldete Betrag automatisch vom Guthaben Ihres Echtgeldkontos abgebucht: zuerst Zinsen und etwaige Verzugskosten, dann das Kapital. Reicht das Guthaben nicht, wird abgebucht, was vorhanden ist, und der Rest, sobald Geld eingeht (eine Einzahlung, ein fälliger Plan, ein geschlossener Kontrakt), bis der Kredit zurückgezahlt ist. Über jede Rückzahlung werden Sie benachrichtigt. Halten Sie am Rückzahlungsdatum genug Guthaben im Echtgeldkonto, um pünktlich zurückzuzahlen.</p><p>Ist nach dem Rückzahlungsdatum noch etwas offen, ist der Kredit überfällig. Für jeden vollen Tag des Verzugs kommen Verzugskosten zum Geschuldeten hinzu: derzeit 0,1 % pro Tag des an diesem Tag noch offenen Kapitals. Für Ihren Kredit gilt der Satz, den sein Vertrag vor Ihrer Unterschrift nannte. Auf Zinsen und Verzugskosten fallen keine Verzugskosten an. Bis ein überfälliger Kredit zurückgezahlt ist, können Sie weder auszahlen noch im Echtgeldkonto Kontrakte eröffnen, Smart-Pläne kaufen oder auf NFTs bieten; das Demokonto ist davon nicht betroffen.</p>',
    },
    {
      topic: 'loans',
      title: 'Kann ich mit geliehenem Geld einen Smart-Plan kaufen oder auf ein NFT bieten?',
      body: '<p>Nein. Solange Sie einen Kredit zurückzahlen, werden Smart-Pläne und Gebote auf NFTs nur aus Ihren eigenen Mitteln bezahlt: Nach dem Kauf oder Gebot muss das Guthaben Ihres Echtgeldkontos das noch nicht zurückgezahlte Kreditkapital weiterhin decken. Sonst wird der Plan oder das Gebot abgelehnt, und die Meldung nennt den Betrag, den Sie verwenden können. Ein Plan mit <strong>Bei Fälligkeit verlängern</strong> wird dann nicht verlängert, und Sie werden darüber informiert.</p><p>So verdient geliehenes Geld keine Zinsen, die Tradewind zahlt, und wird nicht in einer Auktion gebunden. Solange der Kredit nicht überfällig ist, können Sie das geliehene Geld weiterhin auszahlen oder für Kontrakte im Echtgeldkonto verwenden.</p>',
    },
    {
      topic: 'nfts',
      title: 'Wie funktionieren die Charity-NFT-Auktionen?',
      body: '<p>Jedes Charity-NFT wird versteigert, und das Höchstgebot geht an eine Kinderhilfsorganisation. Gebote werden aus Ihrem Echtgeldkonto abgegeben:</p><ul><li>Ein Gebot muss mindestens das aktuelle Gebot zuzüglich der angezeigten Mindesterhöhung betragen.</li><li>Der Gebotsbetrag wird von Ihrem Guthaben reserviert; werden Sie überboten, geht er vollständig auf Ihr Guthaben zurück, und Sie werden benachrichtigt.</li><li>Ein Gebot in den letzten 2 Minuten verlängert die Auktion bis 2 Minuten nach diesem Gebot, damit andere noch reagieren können.</li></ul><p>Endet die Auktion, erhält der Höchstbietende das NFT, und das Höchstgebot wird im öffentlichen Spendenbuch erfasst, in dem jeder alle Spenden und alle Auszahlungen an die Hilfsorganisation nachprüfen kann.</p>',
    },
    {
      topic: 'invite',
      title: 'Wie funktioniert das Einladungsprogramm?',
      body: '<p>Ihren persönlichen Einladungscode, Link und QR-Code finden Sie unter <strong>Konto → Freunde einladen</strong>. Ein Freund, der sich mit Ihrem Code oder Link registriert, wird mit Ihrem Konto verknüpft; sich selbst einladen können Sie nicht.</p><p>Sobald die erste Einzahlung Ihres Freundes freigegeben ist, erhalten Sie eine Prämie auf Ihr Echtgeldkonto: derzeit <strong>10 USDT</strong> pro Freund, wobei die Einladungsseite stets den aktuell geltenden Betrag anzeigt. Die Prämie wird pro Freund einmal gezahlt; spätere Einzahlungen lösen keine weitere Prämie aus. Die Seite listet außerdem die von Ihnen eingeladenen Freunde auf und zeigt, ob die jeweilige Prämie bereits gezahlt wurde.</p>',
    },
    {
      topic: 'security',
      title: 'Wie wird mein Konto geschützt?',
      body: '<p>Ihr Passwort wird ausschließlich als Argon2-Hash gespeichert, nie im Klartext, und auch Sitzungstoken werden nur als Hashes gespeichert. Eine Sitzung endet nach 14 Tagen ohne Nutzung, spätestens aber nach 30 Tagen.</p><ul><li>Wenn Sie Ihr Passwort ändern, werden alle Ihre anderen Geräte abgemeldet; wenn Sie es zurücksetzen, werden sämtliche Geräte abgemeldet.</li><li>Per E-Mail gesendete Codes sind nur einmal verwendbar, 10 Minuten gültig und nach 5 Fehlversuchen ungültig.</li><li>Auszahlungen müssen mit Ihrem Passwort bestätigt werden; Bankkartennummern werden verschlüsselt gespeichert und nur mit ihren letzten vier Ziffern angezeigt.</li></ul><p>Geben Sie Ihr Passwort oder einen Code niemals an andere weiter. Mitarbeiter von Tradewind werden Sie nie danach fragen.</p>',
    },
    {
      topic: 'fees',
      title: 'Welche Gebühren erhebt Tradewind?',
      body: '<p>Jede Gebühr wird vor Ihrer Bestätigung angezeigt. Die aktuellen Gebühren:</p><ul><li><strong>Kontrakte:</strong> eine Gebühr auf den Nominalwert, einmalig bei Eröffnung berechnet: 0,03 % für Devisen, 0,04 % für Metalle, 0,05 % für Aktien und Futures sowie je nach Coin 0,10 % oder 0,20 % für Krypto. Beim Schließen fällt nichts an.</li><li><strong>Auszahlungen:</strong> 1 % des Betrags, mindestens 1 USDT.</li><li><strong>Einzahlungen:</strong> keine Gebühr von Tradewind; das Blockchain-Netzwerk erhebt seine eigene Transaktionsgebühr.</li><li><strong>Smart-Pläne:</strong> keine Gebühr; nur bei einem vorzeitigen Ausstieg fällt der angezeigte Abzug an.</li><li><strong>Kredite:</strong> die in Ihrem Vertrag genannten Zinsen und bei verspäteter Rückzahlung die dort genannten Verzugskosten (derzeit 0,1 % pro Tag des nach dem Rückzahlungsdatum noch offenen Kapitals).</li></ul>',
    },
  ],
  notices: [
    {
      publishedAt: '2026-11-28T00:00:00.000Z',
      title: 'Neue Bedingungen für Kredite und Smart-Pläne',
      body: '<p>Ab dem 28. November 2026 gelten für neue Kredite und Smart-Pläne diese Bedingungen:</p><ul><li><strong>Verspätete Rückzahlung kostet.</strong> Jeder volle Tag, an dem ein Kredit nach dem Rückzahlungsdatum offen bleibt, kostet Verzugskosten, derzeit 0,1 % des offenen Kapitals. Ihr Vertrag nennt sie vor der Unterschrift. Für früher unterschriebene Kredite gilt weiter ihr Vertrag, der keine Verzugskosten vorsah.</li><li><strong>Die Rückzahlung erfolgt automatisch.</strong> Sie werden 3 Tage und 1 Tag vorher erinnert. Am Rückzahlungsdatum wird der geschuldete Betrag vom Guthaben Ihres Echtgeldkontos abgebucht und danach jedes eingehende Geld, bis der Kredit zurückgezahlt ist.</li><li><strong>Geliehenes Geld bezahlt keine Pläne und Gebote.</strong> Solange Sie einen Kredit zurückzahlen, werden Smart-Pläne und Gebote auf NFTs nur aus eigenen Mitteln bezahlt. Ist ein Kredit überfällig, sind Auszahlungen, neue Kontrakte im Echtgeldkonto, Pläne und Gebote bis zur Rückzahlung gesperrt.</li><li><strong>Ein Kredit zur Zeit, höchstens 50.000 USDT</strong> pro Kunde.</li><li><strong>Smart-Pläne:</strong> Der Stetig-Plan läuft jetzt 14, 30, 90 oder 180 Tage (den 7-Tage-Plan gibt es nicht mehr), und der Wachstums-Plan zahlt 0,020 %, 0,025 % oder 0,026 % pro Tag. Kein Plan zahlt über seine Laufzeit mehr, als ein Kredit für dieselben Tage kostet. Laufende Pläne behalten ihren Zinssatz und ihre Laufzeit.</li></ul><p>Die Nutzungsbedingungen und der Risikohinweis sagen ab Version 1.1 dasselbe.</p>',
    },
    {
      publishedAt: '2026-11-20T09:00:00.000Z',
      title: 'Die Charity-NFT-Auktionen sind eröffnet',
      body: '<p>Unsere erste Kollektion von Charity-NFTs wird ab sofort unter <strong>NFT-Galerie</strong> versteigert. Jedes Höchstgebot geht an eine Kinderhilfsorganisation, und jede Spende sowie jede Auszahlung an die Organisation wird in einem öffentlichen Spendenbuch aufgeführt, das jeder einsehen und nachrechnen kann.</p><p>Gebote werden aus Ihrem Echtgeldkonto abgegeben und müssen das aktuelle Gebot mindestens um die Mindesterhöhung übertreffen. Werden Sie überboten, geht Ihr Gebot vollständig auf Ihr Guthaben zurück. Ein Gebot in den letzten 2 Minuten verlängert die Auktion bis 2 Minuten nach diesem Gebot. Vielen Dank für Ihre Teilnahme!</p>',
    },
    {
      publishedAt: '2026-11-04T09:00:00.000Z',
      title: 'Smart-Pläne und Kredite sind jetzt verfügbar',
      body: '<p>Zwei neue Produkte stehen ab sofort im Echtgeldkonto zur Verfügung:</p><ul><li><strong>Smart-Pläne</strong>: Pläne mit fester Laufzeit und festem Tageszins, die Tradewind aus eigenen Mitteln zahlt. Der Stetig-Plan läuft 14, 30, 90 oder 180 Tage zu 0,010 %–0,025 % pro Tag (100–50.000 USDT), der Wachstums-Plan 30, 90 oder 180 Tage zu 0,020 %–0,026 % pro Tag (1.000–200.000 USDT). Sie sind keine Anlage in Handelsergebnisse und unterliegen keiner Einlagensicherung.</li><li><strong>Kredite</strong>: für verifizierte Kunden, jeweils einer und bis zu 50.000 USDT, mit 7 zinsfreien Tagen, einem unterschriebenen Vertrag und sämtlichen Kosten, auch denen einer verspäteten Rückzahlung, die Ihnen vor dem Antrag angezeigt werden. Am Rückzahlungsdatum wird automatisch vom Guthaben Ihres Echtgeldkontos zurückgezahlt.</li></ul><p>Die Angaben wurden am 28. November 2026 aktualisiert; siehe die Mitteilung dieses Tages.</p>',
    },
  ],
};
