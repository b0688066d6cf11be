import { OPERATOR } from '../../operator';
import type { InformationPageSeed } from './page';

const { razon_social, ruc, direccion } = OPERATOR;

export const LIBRO_RECLAMACIONES: InformationPageSeed = {
  id: 1,
  slug: 'libro-reclamaciones',
  actualizado: '2025-06-01',
  texts: {
    'es-PE': {
      titulo: 'Libro de Reclamaciones',
      html: `
<p>Conforme a la Ley N.º 29571, Código de Protección y Defensa del Consumidor, y al Reglamento del Libro de Reclamaciones, <strong>${razon_social}</strong> (RUC ${ruc}, ${direccion}) pone a su disposición un <a href="/libro_reclamaciones">Libro de Reclamaciones virtual</a>.</p>

<h2>Reclamo o queja</h2>
<ul>
  <li><strong>Reclamo:</strong> disconformidad relacionada con los productos o servicios contratados; por ejemplo, un viaje que salió con retraso o un equipaje dañado.</li>
  <li><strong>Queja:</strong> disconformidad no relacionada con los productos o servicios, o malestar o descontento respecto de la atención al público.</li>
</ul>

<h2>Qué sucede después</h2>
<ul>
  <li>Al registrar su hoja recibe un número correlativo (por ejemplo, 000000001-2025) y una copia por correo electrónico con la fecha y la hora de presentación.</li>
  <li>Le responderemos en un plazo no mayor de <strong>15 días hábiles</strong>, contados desde el día siguiente a la presentación.</li>
  <li>Conservamos las hojas de reclamación durante al menos 2 años.</li>
</ul>
<p>La presentación de un reclamo o queja no impide acudir a otras vías de solución de controversias ni es requisito previo para interponer una denuncia ante el INDECOPI.</p>
`,
    },
    'en-EN': {
      titulo: 'Complaints book',
      html: `
<p>In accordance with Law No. 29571, the Peruvian Consumer Protection and Defence Code, and the Complaints Book Regulations, <strong>${razon_social}</strong> (RUC ${ruc}, ${direccion}) offers you a <a href="/libro_reclamaciones">virtual complaints book</a>.</p>

<h2>Claim (reclamo) or complaint (queja)</h2>
<ul>
  <li><strong>Claim (reclamo):</strong> dissatisfaction with the products or services you bought; for example, a trip that left late or damaged luggage.</li>
  <li><strong>Complaint (queja):</strong> dissatisfaction not related to the products or services, or discontent with the customer service received.</li>
</ul>

<h2>What happens next</h2>
<ul>
  <li>When you file your sheet you receive a consecutive number (for example, 000000001-2025) and a copy by e-mail with the date and time it was filed.</li>
  <li>We will answer within <strong>15 business days</strong> at most, counted from the day after filing.</li>
  <li>We keep complaint sheets for at least 2 years.</li>
</ul>
<p>Filing a claim or complaint does not prevent you from using other dispute resolution channels and is not a prerequisite for filing a complaint with INDECOPI, the consumer protection authority.</p>
`,
    },
  },
};
