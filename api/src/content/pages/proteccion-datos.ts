import { OPERATOR } from '../../operator';
import { DATA_OFFICER, PRIVACY_POLICY, processorsTable, retentionTable } from '../../privacy/privacy-notice';
import type { InformationPageSeed } from './page';

const { razon_social, ruc, direccion } = OPERATOR;
/** The data protection officer's address (DECISIONS-4), kept apart from customer service. */
const PRIVACY_EMAIL = DATA_OFFICER.correo;

export const PROTECCION_DATOS: InformationPageSeed = {
  id: 3,
  slug: 'proteccion-datos',
  // Issue 47: the processors, transfers and retention periods come from api/src/privacy/privacy-notice.ts.
  actualizado: PRIVACY_POLICY.fecha,
  texts: {
    'es-PE': {
      titulo: 'Política de protección de datos personales',
      html: `
<p><strong>Versión ${PRIVACY_POLICY.version}</strong>, vigente desde el ${PRIVACY_POLICY.fecha}.</p>
<p>En ${razon_social} respetamos su privacidad. Esta política explica qué datos personales tratamos, para qué, con quién los compartimos, cuánto tiempo los conservamos y cómo ejercer sus derechos, conforme a la Ley N.º 29733, Ley de Protección de Datos Personales, y su reglamento.</p>

<h2>1. Titular de los bancos de datos</h2>
<p>El titular y responsable del tratamiento es <strong>${razon_social}</strong>, con RUC ${ruc} y domicilio en ${direccion}. Nuestros bancos de datos de clientes, pasajeros y reclamaciones están inscritos en el Registro Nacional de Protección de Datos Personales. Para cualquier consulta sobre sus datos escriba a nuestro <strong>${DATA_OFFICER.cargo['es-PE']}</strong>: <a href="mailto:${PRIVACY_EMAIL}">${PRIVACY_EMAIL}</a>, o por carta a ${direccion}.</p>

<h2>2. Datos que tratamos</h2>
<table>
  <thead><tr><th>Categoría</th><th>Datos</th><th>Origen</th></tr></thead>
  <tbody>
    <tr><td>Identificación</td><td>Nombres y apellidos, tipo y número de documento, fecha de nacimiento, género</td><td>Usted, al comprar o registrarse</td></tr>
    <tr><td>Contacto</td><td>Correo electrónico, teléfono móvil, dirección (solo en reclamos y envíos de carga)</td><td>Usted</td></tr>
    <tr><td>Viaje</td><td>Rutas, fechas, asientos, pasajes comprados, acompañante de menores de edad</td><td>Sus compras</td></tr>
    <tr><td>Facturación</td><td>RUC y razón social, cuando solicita factura</td><td>Usted</td></tr>
    <tr><td>Pago</td><td>Medio de pago, importe, código de operación. No almacenamos los números completos de tarjetas: los procesan las pasarelas de pago</td><td>Pasarelas de pago</td></tr>
    <tr><td>Navegación</td><td>Idioma elegido, sesión iniciada, selección de asientos en curso</td><td>Almacenamiento local de su navegador</td></tr>
  </tbody>
</table>
<p>No solicitamos datos sensibles. Si nos proporciona datos de otros pasajeros, declara contar con su autorización para hacerlo.</p>

<h2>3. Finalidades</h2>
<p><strong>Finalidades necesarias</strong>, que no requieren su consentimiento porque son indispensables para prestar el servicio o cumplir la ley:</p>
<ul>
  <li>Vender, emitir y gestionar pasajes, reservas, postergaciones, envíos de carga y su cuenta de cliente.</li>
  <li>Elaborar el manifiesto de pasajeros y verificar la identidad al embarque, como exige la normativa de transporte.</li>
  <li>Emitir comprobantes de pago electrónicos y cumplir obligaciones tributarias.</li>
  <li>Atender consultas, reclamos y quejas del Libro de Reclamaciones.</li>
  <li>Prevenir fraudes y proteger la seguridad de los pasajeros y de nuestros sistemas.</li>
</ul>
<p><strong>Finalidades adicionales</strong>, solo si usted las autoriza expresamente y puede retirar su autorización en cualquier momento: enviarle promociones y novedades por correo electrónico, y acumular y canjear puntos en nuestro programa de beneficios.</p>

<h2>4. Destinatarios y transferencias</h2>
<p>Compartimos sus datos solo en la medida necesaria. Estos proveedores los tratan por nuestro encargo o los reciben para cumplir la ley; los que están fuera del Perú reciben un flujo transfronterizo con las garantías de la Ley N.º 29733. Los de inicio de sesión, billeteras, avisos y mapa no reciben nada hasta que usted usa su botón o abre el mapa.</p>
${processorsTable('es-PE')}
<p>Además: la SUTRAN y el Ministerio de Transportes y Comunicaciones (manifiesto de pasajeros), nuestro proveedor de alojamiento de datos y las autoridades judiciales o administrativas que lo requieran conforme a ley. Nunca vendemos sus datos personales.</p>

<h2>5. Plazo de conservación</h2>
${retentionTable('es-PE')}

<h2>6. Sus derechos</h2>
<p>Usted puede ejercer en cualquier momento y de forma gratuita sus derechos de <strong>acceso</strong>, <strong>rectificación</strong>, <strong>cancelación</strong> y <strong>oposición</strong> (derechos ARCO), así como revocar su consentimiento para las finalidades adicionales. Envíe su solicitud a <a href="mailto:${PRIVACY_EMAIL}">${PRIVACY_EMAIL}</a> o preséntela en nuestra oficina principal, indicando su nombre, su documento de identidad, el derecho que ejerce y un correo para responderle.</p>
<p>Responderemos las solicitudes de acceso en un máximo de 20 días hábiles y las de rectificación, cancelación u oposición en un máximo de 10 días hábiles. Si considera que no hemos atendido su solicitud, puede presentar una reclamación ante la Autoridad Nacional de Protección de Datos Personales del Ministerio de Justicia y Derechos Humanos.</p>

<h2>7. Menores de edad</h2>
<p>Los datos de menores de 14 años se tratan solo con el consentimiento de sus padres o tutores, que son quienes los registran al comprar el pasaje del menor.</p>

<h2>8. Seguridad</h2>
<p>Aplicamos medidas técnicas y organizativas para proteger sus datos: conexiones cifradas, acceso restringido al personal que los necesita, sesiones con vencimiento y registros de actividad. El navegador guarda su sesión y su idioma en el almacenamiento local; puede borrarlos cerrando sesión o limpiando los datos del sitio.</p>

<h2>9. Cambios a esta política</h2>
<p>Publicaremos en esta página cualquier cambio de esta política con su fecha de actualización. Si el cambio afecta finalidades que requieren su consentimiento, se lo pediremos nuevamente.</p>
`,
    },
    'en-EN': {
      titulo: 'Personal data protection policy',
      html: `
<p><strong>Version ${PRIVACY_POLICY.version}</strong>, in force since ${PRIVACY_POLICY.fecha}.</p>
<p>At ${razon_social} we respect your privacy. This policy explains which personal data we process, why, with whom we share them, how long we keep them and how to exercise your rights, in accordance with Law No. 29733, the Peruvian Personal Data Protection Law, and its regulations.</p>

<h2>1. Data controller</h2>
<p>The controller is <strong>${razon_social}</strong>, taxpayer number (RUC) ${ruc}, registered address ${direccion}. Our customer, passenger and complaint databases are registered with the National Personal Data Protection Register. For any question about your data, write to our <strong>${DATA_OFFICER.cargo['en-EN']}</strong>: <a href="mailto:${PRIVACY_EMAIL}">${PRIVACY_EMAIL}</a>, or by letter to ${direccion}.</p>

<h2>2. Data we process</h2>
<table>
  <thead><tr><th>Category</th><th>Data</th><th>Source</th></tr></thead>
  <tbody>
    <tr><td>Identification</td><td>Names and surnames, document type and number, date of birth, gender</td><td>You, when buying or signing up</td></tr>
    <tr><td>Contact</td><td>E-mail address, mobile phone, address (only for complaints and cargo shipments)</td><td>You</td></tr>
    <tr><td>Travel</td><td>Routes, dates, seats, tickets bought, adult accompanying a minor</td><td>Your purchases</td></tr>
    <tr><td>Invoicing</td><td>RUC and business name, when you request a factura</td><td>You</td></tr>
    <tr><td>Payment</td><td>Payment method, amount, transaction code. We do not store full card numbers: payment gateways process them</td><td>Payment gateways</td></tr>
    <tr><td>Browsing</td><td>Chosen language, signed-in session, seat selection in progress</td><td>Your browser's local storage</td></tr>
  </tbody>
</table>
<p>We do not ask for sensitive data. If you give us other passengers' data, you confirm that they have authorised you to do so.</p>

<h2>3. Purposes</h2>
<p><strong>Necessary purposes</strong>, which do not require your consent because they are essential to provide the service or to comply with the law:</p>
<ul>
  <li>Selling, issuing and managing tickets, reservations, postponements, cargo shipments and your customer account.</li>
  <li>Preparing the passenger manifest and checking identity at boarding, as transport regulations require.</li>
  <li>Issuing electronic payment receipts and meeting tax obligations.</li>
  <li>Handling enquiries, claims and complaints filed in the complaints book.</li>
  <li>Preventing fraud and protecting the safety of passengers and of our systems.</li>
</ul>
<p><strong>Additional purposes</strong>, only if you expressly authorise them, and you may withdraw that authorisation at any time: sending you promotions and news by e-mail, and earning and redeeming points in our rewards programme.</p>

<h2>4. Recipients and transfers</h2>
<p>We share your data only as far as necessary. These providers process them on our behalf or receive them to comply with the law; those outside Peru receive a cross-border transfer with the safeguards of Law No. 29733. The sign-in, wallet, notification and map providers receive nothing until you use their button or open the map.</p>
${processorsTable('en-EN')}
<p>Also: SUTRAN and the Ministry of Transport and Communications (passenger manifest), our data hosting provider, and judicial or administrative authorities that require it under the law. We never sell your personal data.</p>

<h2>5. Retention</h2>
${retentionTable('en-EN')}

<h2>6. Your rights</h2>
<p>You may at any time and free of charge exercise your rights of <strong>access</strong>, <strong>rectification</strong>, <strong>cancellation</strong> and <strong>objection</strong> (ARCO rights), and withdraw your consent to the additional purposes. Send your request to <a href="mailto:${PRIVACY_EMAIL}">${PRIVACY_EMAIL}</a> or hand it in at our head office, stating your name, your identity document, the right you are exercising and an e-mail address for our answer.</p>
<p>We answer access requests within 20 business days at most, and rectification, cancellation or objection requests within 10 business days at most. If you consider that we have not dealt with your request properly, you may file a claim with the National Personal Data Protection Authority of the Ministry of Justice and Human Rights.</p>

<h2>7. Minors</h2>
<p>Data of children under 14 are processed only with the consent of their parents or guardians, who are the ones who enter them when buying the child's ticket.</p>

<h2>8. Security</h2>
<p>We apply technical and organisational measures to protect your data: encrypted connections, access limited to the staff who need it, expiring sessions and activity logs. Your browser keeps your session and language in its local storage; you can erase them by signing out or clearing the site's data.</p>

<h2>9. Changes to this policy</h2>
<p>We will publish any change to this policy on this page with its update date. If a change affects purposes that require your consent, we will ask for it again.</p>
`,
    },
  },
};
