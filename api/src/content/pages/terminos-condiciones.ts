import { OPERATOR } from '../../operator';
import type { InformationPageSeed } from './page';

const { razon_social, marca, ruc, direccion, correo, central_telefonica } = OPERATOR;

export const TERMINOS_CONDICIONES: InformationPageSeed = {
  id: 2,
  slug: 'terminos-condiciones',
  actualizado: '2026-11-28',
  texts: {
    'es-PE': {
      titulo: 'Términos y condiciones',
      html: `
<h2>1. Identificación del proveedor</h2>
<p>Este sitio web y el servicio de venta de pasajes en línea son operados por <strong>${razon_social}</strong> (en adelante, «${marca}» o «la empresa»), con RUC ${ruc} y domicilio en ${direccion}. Puede comunicarse con nosotros por la central telefónica ${central_telefonica} o al correo <a href="mailto:${correo}">${correo}</a>.</p>

<h2>2. Objeto y aceptación</h2>
<p>Estos términos regulan la compra de pasajes de transporte terrestre interprovincial de personas a través de este sitio web, así como el uso de la cuenta de cliente y de los demás servicios que ofrecemos en línea (carga y encomiendas, promociones y consultas). Al comprar un pasaje o crear una cuenta, usted declara haber leído y aceptado estos términos, la <a href="/informacion/proteccion-datos">Política de protección de datos personales</a> y la <a href="/informacion/politica-postergacion">Política de postergación</a>.</p>
<p>El contrato de transporte se celebra con ${razon_social} y se rige por la Ley N.º 29571, Código de Protección y Defensa del Consumidor, por el Reglamento Nacional de Administración de Transporte y por las demás normas peruanas aplicables. Ninguna cláusula de estos términos limita los derechos que dichas normas le reconocen.</p>

<h2>3. Compra de pasajes en línea</h2>
<ol>
  <li><strong>Búsqueda y elección:</strong> elija origen, destino, fecha y número de pasajeros; luego escoja el servicio y los asientos en el croquis del bus.</li>
  <li><strong>Reserva temporal de asientos:</strong> los asientos elegidos quedan bloqueados a su nombre durante 10 minutos para que complete la compra. Se pueden comprar hasta 5 asientos por operación. Vencido el plazo sin pago, los asientos se liberan.</li>
  <li><strong>Datos de los pasajeros:</strong> el pasaje es nominativo: lleva el nombre y el documento del pasajero. Puede transferirlo a otra persona antes del viaje pidiendo el cambio de nombre y documento del pasajero, como lo permite el Código de Protección y Defensa del Consumidor; el nuevo pasajero queda registrado en el manifiesto y se le entrega un pasaje a su nombre. Registre el nombre completo y el documento de identidad de cada pasajero tal como figuran en el documento original, pues serán verificados al embarcar y forman parte del manifiesto de pasajeros exigido por la autoridad.</li>
  <li><strong>Pago:</strong> puede pagar con tarjeta de crédito o débito, banca por internet, pago en efectivo o código QR. Cuando elige un medio de pago diferido, la reserva incluye un código de pago y una fecha límite; si el pago no se realiza a tiempo, la reserva vence y los asientos se liberan.</li>
  <li><strong>Confirmación:</strong> la compra queda confirmada cuando recibimos el pago. Le enviamos por correo electrónico el pasaje electrónico de cada pasajero y el comprobante de pago electrónico (boleta de venta o, si la solicita con RUC y razón social, factura).</li>
</ol>
<p>Todos los precios se muestran en soles (S/) e incluyen los cargos aplicables; el precio que ve al pagar es el precio final. El transporte de pasajeros está exonerado del IGV (Texto Único Ordenado de la Ley del IGV, Apéndice II, numeral 4); los envíos de carga y encomiendas incluyen el IGV. Las tarifas varían según la fecha, el horario, el servicio y la categoría del asiento (económico, especial o cama VIP).</p>

<h2>4. Embarque e identificación</h2>
<ul>
  <li>Preséntese en el terminal de salida al menos 45 minutos antes de la hora de partida para registrar su equipaje y embarcar. El embarque se cierra 10 minutos antes de la salida.</li>
  <li>Presente su pasaje electrónico (impreso o en su teléfono) y el original de su documento de identidad: DNI, carné de extranjería o pasaporte.</li>
  <li>Si el pasajero no se presenta a tiempo y no postergó su viaje en el plazo previsto, el pasaje se considera utilizado.</li>
</ul>

<h2>5. Menores de edad</h2>
<p>Los menores de edad pagan pasaje desde los 5 años de edad y ocupan su propio asiento. Todo menor debe viajar acompañado por un adulto responsable, cuyo nombre y parentesco se registran en la compra. Cuando el menor no viaja con ambos padres, debe portar la autorización de viaje que exige la ley peruana (notarial o judicial, según el caso), además de su DNI.</p>

<h2>6. Equipaje</h2>
<ul>
  <li>Cada pasajero puede llevar sin costo hasta 20 kg de equipaje en la bodega del bus y un bulto de mano de hasta 5 kg, que debe caber en el portaequipajes.</li>
  <li>El exceso de equipaje se cobra según la tarifa vigente en el terminal y está sujeto a la capacidad disponible.</li>
  <li>Recibirá un ticket por cada bulto registrado en bodega; consérvelo, pues se solicita para retirar el equipaje en destino.</li>
  <li>Está prohibido transportar materiales inflamables, explosivos, corrosivos, armas sin la licencia correspondiente, drogas y cualquier bien cuyo traslado prohíba la ley.</li>
  <li>Le recomendamos llevar consigo dinero, joyas, documentos y equipos electrónicos. Si desea transportar en bodega bienes de valor, declárelos al registrar su equipaje.</li>
</ul>

<h2>7. Postergación, cambios y devoluciones</h2>
<p>Puede postergar su viaje hasta 24 horas antes de la hora de salida, a otro viaje de la misma ruta, pagando solo la diferencia de tarifa si la hubiera, según la <a href="/informacion/politica-postergacion">Política de postergación</a>. La devolución del importe pagado procede en los casos previstos por la ley, en particular cuando el servicio no se presta o se presta de manera distinta a la contratada por causa imputable a la empresa.</p>

<h2>8. Cancelación o reprogramación por la empresa</h2>
<p>Si cancelamos un viaje o modificamos su hora de salida en más de 2 horas, le informaremos por correo electrónico o teléfono y usted podrá elegir entre viajar en otro horario disponible de la misma ruta sin costo adicional o la devolución íntegra de lo pagado, por el mismo medio de pago utilizado. Si el viaje se interrumpe por causa imputable a la empresa, le trasladaremos a su destino en otro bus en el menor tiempo posible.</p>

<h2>9. Durante el viaje</h2>
<ul>
  <li>El uso del cinturón de seguridad es obligatorio durante todo el trayecto.</li>
  <li>Está prohibido fumar, consumir bebidas alcohólicas o sustancias ilícitas a bordo y cualquier conducta que ponga en riesgo la seguridad o la tranquilidad de los demás pasajeros.</li>
  <li>Nuestros conductores se relevan cada 4 horas y los buses cuentan con monitoreo GPS las 24 horas, SOAT vigente y revisión técnica al día.</li>
  <li><strong>Seguro obligatorio:</strong> cada bus cuenta con el Seguro Obligatorio de Accidentes de Tránsito (SOAT) vigente, que cubre a todo pasajero y tercero afectado por un accidente de tránsito, sin importar la responsabilidad del conductor: por persona, gastos médicos hasta 5 UIT, incapacidad temporal hasta 1 UIT, invalidez permanente hasta 4 UIT, muerte 4 UIT y gastos de sepelio hasta 1 UIT (Texto Único Ordenado del Reglamento Nacional de Responsabilidad Civil y Seguros Obligatorios por Accidentes de Tránsito, D.S. N.º 024-2002-MTC, art. 29). La atención médica se presta de inmediato, sin pago previo.</li>
  <li><strong>Perros guía:</strong> la persona con discapacidad visual viaja con su perro guía en la cabina, a su lado y sin costo adicional, presentando el documento que lo acredita (Ley N.º 29830, Ley que promueve y regula el uso de perros guía por personas con discapacidad visual). Indíquelo al comprar o en el terminal para asignarle un asiento adecuado.</li>
  <li>La tripulación puede negar el embarque o desembarcar en un punto seguro a quien incumpla estas reglas o las indicaciones de seguridad.</li>
</ul>

<h2>10. Cuenta de cliente</h2>
<p>Usted es responsable de la veracidad de los datos que registra y de la confidencialidad de su contraseña y de los códigos de acceso que le enviamos por correo. Avísenos de inmediato si advierte un uso no autorizado de su cuenta. Podemos suspender cuentas usadas de forma fraudulenta o contraria a estos términos.</p>

<h2>11. Datos personales</h2>
<p>Tratamos sus datos personales conforme a la Ley N.º 29733, Ley de Protección de Datos Personales, y su reglamento, según se explica en nuestra <a href="/informacion/proteccion-datos">Política de protección de datos personales</a>.</p>

<h2>12. Libro de Reclamaciones</h2>
<p>Conforme al Código de Protección y Defensa del Consumidor, contamos con un <a href="/libro_reclamaciones">Libro de Reclamaciones virtual</a>. Responderemos su reclamo o queja en un plazo no mayor de 15 días hábiles. Presentar un reclamo no le impide acudir a otras vías de solución de controversias ni es requisito previo para presentar una denuncia ante el INDECOPI.</p>

<h2>13. Ley aplicable y modificaciones</h2>
<p>Estos términos se rigen por las leyes de la República del Perú. Podemos actualizarlos para reflejar cambios en nuestros servicios o en la normativa; la versión vigente es la publicada en esta página en la fecha de su compra y se aplica a esa compra.</p>
`,
    },
    'en-EN': {
      titulo: 'Terms and conditions',
      html: `
<h2>1. Who we are</h2>
<p>This website and the online ticket sales service are operated by <strong>${razon_social}</strong> ("${marca}" or "the company"), taxpayer number (RUC) ${ruc}, registered address ${direccion}. You can reach us through our call center ${central_telefonica} or by e-mail at <a href="mailto:${correo}">${correo}</a>.</p>

<h2>2. Purpose and acceptance</h2>
<p>These terms govern the purchase of intercity coach tickets on this website, the use of the customer account and the other online services we offer (cargo and parcels, promotions and enquiries). By buying a ticket or creating an account you confirm that you have read and accepted these terms, the <a href="/informacion/proteccion-datos">Personal data protection policy</a> and the <a href="/informacion/politica-postergacion">Postponement policy</a>.</p>
<p>The contract of carriage is made with ${razon_social} and is governed by Law No. 29571, the Peruvian Consumer Protection and Defence Code, by the National Transport Administration Regulations and by the other applicable Peruvian rules. Nothing in these terms limits the rights those rules grant you.</p>

<h2>3. Buying tickets online</h2>
<ol>
  <li><strong>Search and choice:</strong> choose origin, destination, date and number of passengers, then pick the service and your seats on the bus seat map.</li>
  <li><strong>Temporary seat hold:</strong> the seats you choose are held for you for 10 minutes so that you can complete the purchase. Up to 5 seats can be bought per purchase. If the time runs out without payment, the seats are released.</li>
  <li><strong>Passenger details:</strong> tickets are issued in the passenger's name and document. You may transfer a ticket to someone else before the trip by asking for the passenger's name and document to be changed, as the Consumer Protection Code allows; the new passenger is entered in the manifest and gets a ticket in their name. Enter each passenger's full name and identity document exactly as they appear on the original document: they are checked at boarding and are part of the passenger manifest required by the authorities.</li>
  <li><strong>Payment:</strong> you can pay by credit or debit card, online banking, cash payment or QR code. With a deferred payment method, the reservation comes with a payment code and a deadline; if payment is not made in time, the reservation expires and the seats are released.</li>
  <li><strong>Confirmation:</strong> the purchase is confirmed when we receive the payment. We e-mail you each passenger's e-ticket and the electronic payment receipt (a boleta or, if you request it with a RUC and business name, a factura).</li>
</ol>
<p>All prices are shown in soles (S/) and include applicable charges; the price shown at payment is the final price. Passenger transport is exempt from VAT (IGV) (consolidated IGV Law, Appendix II, item 4); cargo and parcel shipments include IGV. Fares vary with date, time, service and seat class (economy, special or VIP bed).</p>

<h2>4. Boarding and identification</h2>
<ul>
  <li>Arrive at the departure terminal at least 45 minutes before departure to check in your luggage and board. Boarding closes 10 minutes before departure.</li>
  <li>Show your e-ticket (printed or on your phone) and your original identity document: DNI, foreign resident card (carné de extranjería) or passport.</li>
  <li>If a passenger does not show up on time and did not postpone the trip within the allowed period, the ticket is considered used.</li>
</ul>

<h2>5. Minors</h2>
<p>Children pay a ticket from the age of 5 and have their own seat. Every minor must travel with a responsible adult, whose name and relationship are recorded at purchase. A minor not travelling with both parents must carry the travel authorisation required by Peruvian law (notarial or judicial, as the case may be), together with their DNI.</p>

<h2>6. Luggage</h2>
<ul>
  <li>Each passenger may carry free of charge up to 20 kg of luggage in the hold and one piece of hand luggage of up to 5 kg that fits in the overhead rack.</li>
  <li>Excess luggage is charged at the fare in force at the terminal and is subject to available space.</li>
  <li>You receive a tag for each piece checked into the hold; keep it, as it is required to collect your luggage at destination.</li>
  <li>Flammable, explosive or corrosive materials, weapons without the corresponding licence, drugs and any goods whose carriage is prohibited by law may not be carried.</li>
  <li>We recommend keeping money, jewellery, documents and electronic devices with you. If you wish to carry valuables in the hold, declare them when checking in your luggage.</li>
</ul>

<h2>7. Postponement, changes and refunds</h2>
<p>You may postpone your trip up to 24 hours before departure to another trip on the same route, paying only the fare difference if there is one, as set out in the <a href="/informacion/politica-postergacion">Postponement policy</a>. A refund of the amount paid applies in the cases provided for by law, in particular when the service is not provided, or is provided differently from what was agreed, for reasons attributable to the company.</p>

<h2>8. Cancellation or rescheduling by the company</h2>
<p>If we cancel a trip or change its departure time by more than 2 hours, we will inform you by e-mail or phone and you may choose between travelling at another available time on the same route at no extra cost or a full refund of what you paid, to the same payment method. If a trip is interrupted for reasons attributable to the company, we will take you to your destination on another bus as soon as possible.</p>

<h2>9. During the trip</h2>
<ul>
  <li>Seat belts must be worn throughout the journey.</li>
  <li>Smoking, drinking alcohol, using illegal substances on board and any behaviour that endangers the safety or comfort of other passengers are prohibited.</li>
  <li>Our drivers change every 4 hours, and our buses are GPS-monitored 24/7, carry valid compulsory traffic accident insurance (SOAT) and have an up-to-date technical inspection.</li>
  <li><strong>Compulsory insurance:</strong> every bus carries valid compulsory traffic accident insurance (SOAT), which covers every passenger and third party hurt in a traffic accident, whoever is at fault: per person, medical expenses up to 5 UIT, temporary disability up to 1 UIT, permanent disability up to 4 UIT, death 4 UIT and funeral expenses up to 1 UIT (consolidated Regulation on Civil Liability and Compulsory Traffic Accident Insurance, Supreme Decree 024-2002-MTC, art. 29). Medical care is given at once, with no payment in advance.</li>
  <li><strong>Guide dogs:</strong> a person with a visual disability travels with their guide dog in the cabin, beside them and at no extra cost, showing the document that certifies it (Law 29830, on the use of guide dogs by persons with a visual disability). Tell us when buying or at the terminal so we can give you a suitable seat.</li>
  <li>The crew may refuse boarding, or let a passenger off at a safe place, if these rules or the safety instructions are not respected.</li>
</ul>

<h2>10. Customer account</h2>
<p>You are responsible for the accuracy of the data you register and for keeping your password and the access codes we e-mail you confidential. Tell us immediately if you notice unauthorised use of your account. We may suspend accounts used fraudulently or contrary to these terms.</p>

<h2>11. Personal data</h2>
<p>We process your personal data in accordance with Law No. 29733, the Personal Data Protection Law, and its regulations, as explained in our <a href="/informacion/proteccion-datos">Personal data protection policy</a>.</p>

<h2>12. Complaints book</h2>
<p>As required by the Consumer Protection and Defence Code, we keep a <a href="/libro_reclamaciones">virtual complaints book</a>. We will answer your claim or complaint within 15 business days at most. Filing a claim does not prevent you from using other dispute resolution channels and is not a prerequisite for filing a complaint with INDECOPI, the consumer protection authority.</p>

<h2>13. Governing law and changes</h2>
<p>These terms are governed by the laws of the Republic of Peru. We may update them to reflect changes in our services or in the law; the version in force is the one published on this page on the date of your purchase, and it applies to that purchase.</p>
`,
    },
  },
};
