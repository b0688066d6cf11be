import { OPERATOR } from '../../operator';
import type { InformationPageSeed } from './page';

const { razon_social, central_telefonica, correo } = OPERATOR;

export const POLITICA_POSTERGACION: InformationPageSeed = {
  id: 4,
  slug: 'politica-postergacion',
  actualizado: '2026-11-28',
  texts: {
    'es-PE': {
      titulo: 'Política de postergación',
      html: `
<p>Sabemos que los planes cambian. Esta política explica cómo postergar un pasaje comprado a ${razon_social}, sin penalidad, dentro de los plazos y condiciones siguientes.</p>

<h2>1. Plazo</h2>
<p>Puede postergar su viaje <strong>hasta 24 horas antes de la hora de salida</strong> indicada en su pasaje. Pasado ese plazo, o una vez iniciado el viaje, el pasaje ya no puede postergarse.</p>

<h2>2. Condiciones</h2>
<ul>
  <li>El nuevo viaje debe ser de la <strong>misma ruta</strong>: el mismo origen y el mismo destino del pasaje original.</li>
  <li>Puede elegir cualquier fecha y horario con asientos disponibles al momento de postergar.</li>
  <li>Solo paga la <strong>diferencia de tarifa</strong>, si la tarifa del nuevo viaje o del nuevo asiento es mayor. No se cobra penalidad ni cargo por el cambio. Si la nueva tarifa es menor, la diferencia no se devuelve.</li>
  <li>El pasaje postergado conserva el nombre y el documento del pasajero original: los pasajes son nominativos (un cambio de pasajero es una transferencia: véanse los Términos y condiciones).</li>
  <li>El pasaje no debe haber sido utilizado ni anulado.</li>
</ul>

<h2>3. Cómo postergar</h2>
<ol>
  <li>En este sitio web: ingrese a <strong>Mi cuenta &gt; Mis viajes</strong> o, si compró como invitado, recupere su compra con el código de reserva y el correo electrónico que registró.</li>
  <li>Elija el pasaje, la nueva fecha, el horario y el asiento.</li>
  <li>Si hay diferencia de tarifa, páguela con cualquiera de los medios de pago disponibles.</li>
  <li>Recibirá por correo electrónico el nuevo pasaje electrónico; el pasaje anterior queda sin efecto.</li>
</ol>
<p>También puede postergar en cualquiera de nuestras agencias o llamando a la central telefónica ${central_telefonica}.</p>

<h2>4. Viajes cancelados o reprogramados por la empresa</h2>
<p>Si somos nosotros quienes cancelamos el viaje o cambiamos su hora de salida en más de 2 horas, puede reprogramarlo a otro viaje de la misma ruta sin pagar diferencia alguna, o pedir la devolución íntegra de lo pagado, aunque falten menos de 24 horas para la salida.</p>

<h2>5. Sus derechos</h2>
<p>Esta política no limita los derechos que le reconoce la Ley N.º 29571, Código de Protección y Defensa del Consumidor. Si tiene alguna duda, escríbanos a <a href="mailto:${correo}">${correo}</a>; si no está conforme con la atención recibida, puede registrar su reclamo en nuestro <a href="/libro_reclamaciones">Libro de Reclamaciones</a>.</p>
`,
    },
    'en-EN': {
      titulo: 'Postponement policy',
      html: `
<p>We know plans change. This policy explains how to postpone a ticket bought from ${razon_social}, with no penalty, within the following period and conditions.</p>

<h2>1. Deadline</h2>
<p>You can postpone your trip <strong>up to 24 hours before the departure time</strong> shown on your ticket. After that, or once the trip has started, the ticket can no longer be postponed.</p>

<h2>2. Conditions</h2>
<ul>
  <li>The new trip must be on the <strong>same route</strong>: the same origin and destination as the original ticket.</li>
  <li>You may choose any date and time with seats available when you postpone.</li>
  <li>You only pay the <strong>fare difference</strong>, if the fare of the new trip or seat is higher. There is no penalty or change fee. If the new fare is lower, the difference is not refunded.</li>
  <li>The postponed ticket keeps the original passenger's name and document: tickets are issued in the passenger's name (a change of passenger is a transfer: see the Terms and conditions).</li>
  <li>The ticket must not have been used or cancelled.</li>
</ul>

<h2>3. How to postpone</h2>
<ol>
  <li>On this website: go to <strong>My account &gt; My trips</strong> or, if you bought as a guest, retrieve your purchase with the reservation code and the e-mail address you entered.</li>
  <li>Choose the ticket, the new date, time and seat.</li>
  <li>If there is a fare difference, pay it with any of the available payment methods.</li>
  <li>You will receive the new e-ticket by e-mail; the previous ticket becomes void.</li>
</ol>
<p>You can also postpone at any of our agencies or by calling our call center ${central_telefonica}.</p>

<h2>4. Trips cancelled or rescheduled by the company</h2>
<p>If we cancel the trip or change its departure time by more than 2 hours, you may move to another trip on the same route without paying any difference, or ask for a full refund of what you paid, even if departure is less than 24 hours away.</p>

<h2>5. Your rights</h2>
<p>This policy does not limit the rights granted to you by Law No. 29571, the Peruvian Consumer Protection and Defence Code. If you have any question, write to <a href="mailto:${correo}">${correo}</a>; if you are not satisfied with the service received, you can file a claim in our <a href="/libro_reclamaciones">complaints book</a>.</p>
`,
    },
  },
};
