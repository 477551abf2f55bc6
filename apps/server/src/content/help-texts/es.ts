// The help centre in Spanish, entry for entry from en.ts, in the app's own terms (cuenta demo, cuenta real,
// margen, contrato, plan smart); every figure is en.ts's, so change them together when the product changes.
import type { HelpTexts } from './types.ts';

export const texts: HelpTexts = {
  faq: [
    {
      topic: 'accounts',
      title: '¿Cómo abro una cuenta e inicio sesión?',
      body: '<p>Seleccione <strong>Registrarse</strong>, elija un nombre de usuario, introduzca su dirección de correo electrónico y una contraseña de al menos 8 caracteres y, a continuación, escriba el código de 6 dígitos que le enviamos por correo. El código es válido durante 10 minutos. Si un amigo le ha invitado, el código de invitación se rellena automáticamente desde el enlace que le envió.</p><p>Después, inicie sesión con su nombre de usuario o su correo electrónico y su contraseña, o con Google cuando se muestre esa opción. Cada cuenta incluye dos espacios separados: una <strong>cuenta demo</strong> para practicar con dinero virtual y una <strong>cuenta real</strong> para sus propios fondos, que parte de 0 USDT.</p>',
    },
    {
      topic: 'demo',
      title: '¿Qué es la cuenta demo y cómo cambio a la cuenta real?',
      body: '<p>La cuenta demo dispone de <strong>100.000 USDT virtuales</strong> para practicar. Puede abrir contratos en todos los mercados igual que en la cuenta real, a los mismos precios y en las mismas condiciones, pero con dinero virtual.</p><p>Cambie entre <strong>Cuenta demo</strong> y <strong>Cuenta real</strong> en la barra superior o en la página de la cuenta; el paso de confirmación de cada contrato indica qué cuenta utiliza. Ambas cuentas se llevan por separado y nunca se transfiere nada entre ellas: el dinero virtual no se puede retirar nunca y su dinero real nunca se mezcla con el dinero demo.</p>',
    },
    {
      topic: 'demo',
      title: '¿Puedo restablecer la cuenta demo? ¿Para qué no se puede usar?',
      body: '<p>Sí. Puede restablecer la cuenta demo en cualquier momento desde la página de saldo: los contratos demo abiertos se cierran al último precio y el saldo demo vuelve exactamente a 100.000 USDT virtuales. El restablecimiento nunca afecta a su cuenta real.</p><p>Como el dinero demo no es real, las siguientes funciones solo están disponibles en la cuenta real:</p><ul><li>depósitos y retiros;</li><li>planes smart;</li><li>préstamos;</li><li>pujas por NFT solidarios.</li></ul>',
    },
    {
      topic: 'deposits',
      title: '¿Cómo hago un depósito?',
      body: '<p>Vaya a <strong>Cuenta → Depositar</strong>, elija una de las monedas y redes disponibles (USDT en TRC20 o ERC20, BTC o ETH) y envíe las monedas a la dirección indicada. Envíe únicamente esa moneda y por esa red: las monedas enviadas por otra red no se pueden recuperar.</p><p>Después, envíe el importe, el hash de la transacción y una captura de pantalla como comprobante. Nuestro equipo financiero revisa la transferencia, y el importe se abona en su cuenta real una vez aprobado el depósito, nunca antes. Los USDT se abonan 1:1; BTC y ETH se convierten al tipo de cambio que se muestra antes del envío. Cada canal indica su depósito mínimo, y puede haber hasta 5 depósitos pendientes de revisión a la vez.</p>',
    },
    {
      topic: 'withdrawals',
      title: '¿Cómo retiro dinero?',
      body: '<p>Los retiros se pagan desde su cuenta real una vez verificada su identidad. En <strong>Cuenta → Retirar</strong>, añada una tarjeta bancaria o una dirección USDT (TRC20 o ERC20), introduzca el importe y confirme con su contraseña. Las condiciones actuales, que siempre se muestran antes de confirmar:</p><ul><li>comisión: 1 % del importe, con un mínimo de 1 USDT, junto con el importe neto que recibirá;</li><li>retiro mínimo: 10 USDT;</li><li>puede haber hasta 5 retiros pendientes de revisión a la vez.</li></ul><p>El importe queda retenido en cuanto envía la solicitud. A continuación, nuestro equipo financiero la revisa: si se aprueba, el dinero se paga; si se rechaza, el importe íntegro vuelve a su saldo.</p>',
    },
    {
      topic: 'kyc',
      title: '¿Cómo verifico mi identidad y cuánto tarda?',
      body: '<p>Abra <strong>Cuenta → Verificación de identidad</strong>. Indique su nombre, sexo, fecha de nacimiento, país, dirección y número de teléfono, elija su documento (documento nacional de identidad, pasaporte o permiso de conducir) y añada tres fotos: el anverso, el reverso y una foto suya sosteniendo el documento. Se admiten los formatos JPG, PNG y JPEG 2000. Debe tener al menos 18 años.</p><p>Nuestro equipo de cumplimiento revisa cada solicitud en un plazo de 48 horas y usted recibe una notificación con el resultado. Si una solicitud se rechaza, la notificación indica el motivo, y puede corregirla y enviarla de nuevo. La verificación es obligatoria para retiros y préstamos.</p>',
    },
    {
      topic: 'contracts',
      title: '¿Cómo funciona un contrato?',
      body: '<p>Un contrato es una posición apalancada a corto plazo sobre un precio. Usted elige <strong>Sube</strong> o <strong>Baja</strong>, los lotes, el apalancamiento y el plazo. Tradewind es su contraparte: lo que usted gana lo paga la plataforma, y lo que pierde se lo queda ella.</p><ul><li>Valor nocional = lotes × tamaño del contrato × precio de apertura.</li><li>Margen = valor nocional ÷ apalancamiento.</li><li>Comisión = valor nocional × tasa de comisión del instrumento, cobrada una sola vez al abrir.</li></ul><p>El apalancamiento tiene un límite por categoría: divisas 30×, metales 20×, futuros 10×, acciones 5×, criptomonedas 2×. Antes de enviar nada, el paso de confirmación muestra el precio, el margen, la comisión, la pérdida máxima y el vencimiento. El apalancamiento amplifica tanto las pérdidas como las ganancias.</p>',
    },
    {
      topic: 'contracts',
      title: '¿Cuándo se cierra un contrato y cuánto puedo perder?',
      body: '<p>Un contrato se cierra en cuanto ocurre lo primero de lo siguiente:</p><ul><li>usted lo cierra al último precio;</li><li>el precio alcanza su toma de ganancias o su stop de pérdidas (el cierre se produce al primer precio igual o más allá de ese nivel, que puede superarlo);</li><li>vence su plazo (de 1 minuto a 24 horas, según el mercado);</li><li>su patrimonio, es decir, el margen más la ganancia o menos la pérdida, cae al 50 % del margen (cierre por margen).</li></ul><p>La pérdida en un contrato nunca supera su margen, aunque el precio dé un salto: gracias a la protección frente a saldo negativo, la plataforma asume cualquier exceso. Aun así, puede perder todo el margen, por lo que le recomendamos operar solo con dinero que pueda permitirse perder.</p>',
    },
    {
      topic: 'contracts',
      title: '¿De dónde salen los precios y puedo comprobar la liquidación de un contrato?',
      body: '<p>Todos los precios proceden de una fuente de datos de mercado registrada, nunca de una persona: nadie en Tradewind, tampoco el personal, puede fijar un precio ni decidir el resultado de un contrato. Cada contrato guarda los ticks exactos de apertura y de cierre, y en su historial de órdenes <strong>Verificar</strong> muestra ambos ticks con su hora y su precio.</p><p>Si el precio se mueve más de un 0,5 % entre la pantalla de confirmación y el momento en que usted confirma, el contrato no se abre y se le muestran las nuevas condiciones para que confirme de nuevo. Los precios marcados como <strong>Datos simulados</strong> proceden de una fuente simulada, que se usa cuando no hay una fuente en tiempo real conectada, y se identifican como tales allí donde aparecen.</p>',
    },
    {
      topic: 'smart',
      title: '¿Qué es un plan smart?',
      body: '<p>Un plan smart es un plan a plazo fijo con un tipo diario fijo, similar a un producto de ahorro a plazo. Usted elige un plan, una duración y un importe. El importe queda bloqueado durante ese periodo, los intereses se abonan en su cuenta real cada 24 horas desde el inicio y el capital vuelve a su saldo al vencimiento.</p><p>Los intereses los paga Tradewind con fondos propios. Un plan smart <strong>no</strong> es una inversión en resultados de trading y <strong>no</strong> está cubierto por ningún sistema de garantía de depósitos. El tipo, el interés total y la fecha de vencimiento se muestran antes de confirmar, y un plan en curso conserva su tipo aunque la oferta cambie más adelante. Puede tener un solo plan en curso por producto a la vez.</p>',
    },
    {
      topic: 'smart',
      title: '¿Puedo salir de un plan smart antes de tiempo?',
      body: '<p>Sí. Abra el plan en <strong>Mis planes</strong> y elija la salida anticipada. El cuadro de diálogo muestra la penalización en USDT antes de que confirme: un porcentaje fijado al iniciar el plan (5 % en los planes actuales) sobre su capital más los intereses ya pagados, nunca superior al capital. Usted recibe el capital menos la penalización, y los intereses ya pagados siguen siendo suyos.</p><p>Todo día cuyas 24 horas ya hayan transcurrido se paga antes de la salida, de modo que no se pierde ningún día devengado. Si prefiere continuar, active <strong>Renovar al vencimiento</strong>: al terminar el plan comenzará uno nuevo, al tipo vigente en ese momento.</p>',
    },
    {
      topic: 'loans',
      title: '¿Quién puede pedir un préstamo y cómo funciona?',
      body: '<p>Los préstamos están disponibles para clientes con identidad verificada, en la cuenta real. Elija un producto y un importe: la página muestra el plazo, los días sin intereses (7 en los productos actuales), el tipo diario, el interés total, el importe de devolución, la fecha de devolución y el coste de devolverlo con retraso. Intereses = importe × tipo diario × (plazo − días sin intereses).</p><p>Antes de solicitarlo, usted lee en PDF el contrato de préstamo con exactamente esas condiciones y lo firma en pantalla. Una vez aprobado, el préstamo se abona en su cuenta real. Puede tener un préstamo a la vez, actualmente de hasta 50.000 USDT por cliente. En la fecha de devolución, lo adeudado se descuenta automáticamente del efectivo de su cuenta real; también puede devolverlo todo antes, pero los intereses no se reducen. Podrá pedir un nuevo préstamo cuando haya devuelto el actual.</p>',
    },
    {
      topic: 'loans',
      title: '¿Qué ocurre en la fecha de devolución y si devuelvo con retraso?',
      body: '<p>Recibirá un recordatorio 3 días y 1 día antes de la fecha de devolución. Ese día, lo adeudado se descuenta automáticamente del efectivo de su cuenta real: primero los intereses y el posible coste por retraso, después el capital. Si el efectivo no alcanza, se descuenta lo que haya, y el resto a medida que llegue dinero (un depósito, un plan que vence, un contrato que se cierra), hasta que el préstamo esté devuelto. Se le notifica cada devolución. Mantenga suficiente efectivo en su cuenta real ese día para devolverlo a tiempo.</p><p>Si después de la fecha de devolución aún se debe algo, el préstamo está vencido. Por cada día completo de retraso se suma a lo adeudado un coste por retraso: actualmente el 0,1 % diario del capital aún pendiente ese día. A su préstamo se aplica el tipo que figuraba en su contrato antes de firmarlo. No se cobra coste por retraso sobre los intereses ni sobre el propio coste por retraso. Hasta que devuelva un préstamo vencido, no puede retirar, abrir contratos en la cuenta real, comprar planes smart ni pujar por NFT; la cuenta demo no se ve afectada.</p>',
    },
    {
      topic: 'loans',
      title: '¿Puedo usar el dinero prestado para un plan smart o una puja por un NFT?',
      body: '<p>No. Mientras devuelve un préstamo, los planes smart y las pujas por NFT se pagan solo con fondos propios: después de la compra o la puja, el efectivo de su cuenta real debe seguir cubriendo el capital del préstamo que aún no ha devuelto. Si no fuera así, el plan o la puja se rechaza y el mensaje indica cuánto puede usar. Un plan con <strong>Renovar al vencimiento</strong> activado no se renueva en ese caso, y se le avisa.</p><p>Así, el dinero prestado no genera intereses pagados por Tradewind ni queda retenido en una subasta. Mientras el préstamo no esté vencido, puede seguir retirando el dinero prestado o usándolo para contratos en la cuenta real.</p>',
    },
    {
      topic: 'nfts',
      title: '¿Cómo funcionan las subastas de NFT solidarios?',
      body: '<p>Cada NFT solidario se vende en subasta y la puja ganadora se destina a una organización benéfica infantil. Las pujas se realizan desde su cuenta real:</p><ul><li>una puja debe ser, como mínimo, la puja actual más el incremento mínimo indicado;</li><li>el importe de la puja queda retenido de su saldo; si alguien supera su puja, el importe vuelve íntegro a su saldo y se le notifica;</li><li>una puja en los últimos 2 minutos prorroga la subasta hasta 2 minutos después de esa puja, para que los demás tengan tiempo de responder.</li></ul><p>Al terminar la subasta, el mejor postor recibe el NFT y la puja ganadora se anota en el registro público de donaciones, donde cualquiera puede comprobar cada donación y cada pago a la organización benéfica.</p>',
    },
    {
      topic: 'invite',
      title: '¿Cómo funciona el programa de invitaciones?',
      body: '<p>Su código de invitación personal, su enlace y su código QR están en <strong>Cuenta → Invitar amigos</strong>. Los amigos que se registren con su código o enlace quedan vinculados a su cuenta; no es posible invitarse a uno mismo.</p><p>Cuando se aprueba el primer depósito de un amigo invitado, usted recibe una recompensa en su cuenta real: actualmente <strong>10 USDT</strong> por amigo, y la página de invitaciones siempre muestra el importe vigente. La recompensa se paga una sola vez por amigo; los depósitos posteriores no generan otra. La página también muestra los amigos que ha invitado y si ya se ha pagado cada recompensa.</p>',
    },
    {
      topic: 'security',
      title: '¿Cómo se protege mi cuenta?',
      body: '<p>Su contraseña se guarda únicamente como hash Argon2, nunca en texto legible, y los tokens de sesión también se guardan solo como hashes. Una sesión caduca tras 14 días sin uso y, como máximo, a los 30 días.</p><ul><li>Al cambiar la contraseña se cierra la sesión en todos sus demás dispositivos; al restablecerla, se cierra en todos los dispositivos.</li><li>Los códigos enviados por correo son de un solo uso, válidos durante 10 minutos y se anulan tras 5 intentos fallidos.</li><li>Los retiros deben confirmarse con su contraseña, y los números de tarjeta bancaria se guardan cifrados y solo se muestran sus últimos cuatro dígitos.</li></ul><p>No comparta nunca su contraseña ni ningún código con nadie. El personal de Tradewind nunca se los pedirá.</p>',
    },
    {
      topic: 'fees',
      title: '¿Qué comisiones cobra Tradewind?',
      body: '<p>Todas las comisiones se muestran antes de confirmar. Las comisiones actuales:</p><ul><li><strong>Contratos:</strong> una comisión sobre el valor nocional, cobrada una sola vez al abrir: 0,03 % en divisas, 0,04 % en metales, 0,05 % en acciones y futuros, y 0,10 % o 0,20 % en criptomonedas, según la moneda. Al cerrar no se cobra nada.</li><li><strong>Retiros:</strong> 1 % del importe, con un mínimo de 1 USDT.</li><li><strong>Depósitos:</strong> sin comisión de Tradewind; la red blockchain cobra su propia comisión de transferencia.</li><li><strong>Planes smart:</strong> sin comisión; solo la salida anticipada conlleva la penalización indicada.</li><li><strong>Préstamos:</strong> los intereses que figuran en su contrato y, si lo devuelve con retraso, el coste por retraso que el contrato establece (actualmente el 0,1 % diario del capital pendiente después de la fecha de devolución).</li></ul>',
    },
  ],
  notices: [
    {
      publishedAt: '2026-11-28T00:00:00.000Z',
      title: 'Nuevas condiciones de los préstamos y los planes smart',
      body: '<p>Desde el 28 de noviembre de 2026, los nuevos préstamos y planes smart funcionan así:</p><ul><li><strong>Devolver con retraso tiene un coste.</strong> Cada día completo que un préstamo sigue sin pagar después de su fecha de devolución suma un coste por retraso, actualmente el 0,1 % del capital pendiente. Su contrato lo indica antes de firmar. Los préstamos firmados antes conservan su contrato, que no preveía coste por retraso.</li><li><strong>La devolución es automática.</strong> Recibirá un recordatorio 3 días y 1 día antes. En la fecha de devolución, lo adeudado se descuenta del efectivo de su cuenta real y, después, de todo el dinero que llegue, hasta que el préstamo esté devuelto.</li><li><strong>El dinero prestado no paga planes ni pujas.</strong> Mientras devuelve un préstamo, los planes smart y las pujas por NFT se pagan solo con fondos propios. Mientras un préstamo esté vencido, los retiros, la apertura de contratos en la cuenta real, los planes y las pujas quedan bloqueados hasta que se devuelva.</li><li><strong>Un préstamo a la vez, hasta 50.000 USDT</strong> por cliente.</li><li><strong>Planes smart:</strong> el Plan Estable dura ahora 14, 30, 90 o 180 días (el plan de 7 días ha terminado) y el Plan Crecimiento paga el 0,020 %, el 0,025 % o el 0,026 % diario. Ningún plan paga en su plazo más de lo que cuesta un préstamo por los mismos días. Los planes en curso mantienen su tipo y su plazo.</li></ul><p>Los términos del servicio y la advertencia de riesgos dicen lo mismo desde la versión 1.1.</p>',
    },
    {
      publishedAt: '2026-11-20T09:00:00.000Z',
      title: 'Ya están abiertas las subastas de NFT solidarios',
      body: '<p>Nuestra primera colección de NFT solidarios ya está en subasta en la sección <strong>NFT</strong>. Cada puja ganadora se destina a una organización benéfica infantil, y cada donación y cada pago a la organización figuran en un registro público de donaciones que cualquiera puede consultar y sumar.</p><p>Las pujas se realizan desde su cuenta real y deben superar la puja actual al menos en el incremento mínimo. Si alguien supera su puja, el importe vuelve íntegro a su saldo. Una puja en los últimos 2 minutos prorroga la subasta hasta 2 minutos después de esa puja. Gracias por participar.</p>',
    },
    {
      publishedAt: '2026-11-04T09:00:00.000Z',
      title: 'Ya están disponibles los planes smart y los préstamos',
      body: '<p>Dos nuevos productos ya están disponibles en la cuenta real:</p><ul><li><strong>Planes smart</strong>: planes a plazo fijo con un tipo diario fijo, pagados por Tradewind con fondos propios. El Plan Estable dura 14, 30, 90 o 180 días al 0,010 %–0,025 % diario (100–50.000 USDT); el Plan Crecimiento dura 30, 90 o 180 días al 0,020 %–0,026 % diario (1.000–200.000 USDT). No son una inversión en resultados de trading ni están cubiertos por ningún sistema de garantía de depósitos.</li><li><strong>Préstamos</strong>: para clientes verificados, uno a la vez y hasta 50.000 USDT, con 7 días sin intereses, un contrato firmado y el importe total a pagar a la vista antes de solicitarlos, incluido el coste de devolverlos con retraso. En la fecha de devolución, lo adeudado se descuenta automáticamente del efectivo de la cuenta real.</li></ul><p>Datos actualizados el 28 de noviembre de 2026: consulte el aviso de ese día.</p>',
    },
  ],
};
